import type { ServiceFile, ServiceMessage, ServiceRequest, ServiceRequestSummary, ServiceRequestType, serviceRequests } from '@portal/contract';
import { sql, type Insertable, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db.js';
import type { Database } from '../../platform/schema.js';
import { escapeLike } from '../../platform/search.js';

/** SQL of service requests. Every caller has checked the client first (calls.ts / service.ts). */
type Conn = Db | Tx;

export async function ownerOfRequest(db: Conn, requestId: number): Promise<number | undefined> {
  if (!Number.isSafeInteger(requestId)) return undefined;
  const row = await db.selectFrom('service_request').select('client_id').where('request_id', '=', requestId).executeTakeFirst();
  return row?.client_id;
}

export function summaryQuery(db: Conn) {
  return db
    .selectFrom('service_request as r')
    .innerJoin('client as c', 'c.client_id', 'r.client_id')
    .leftJoin('users as a', 'a.user_id', 'r.assignee_id')
    .leftJoin('users as b', 'b.user_id', 'r.created_by')
    .where('c.deleted_at', 'is', null)
    .select([
      'r.request_id', 'r.client_id', 'c.client_name', 'r.type', 'r.title', 'r.fields', 'r.status', 'r.assignee_id', 'a.user_name as assignee_name',
      'r.due_date', 'r.fee', 'r.currency', 'r.draft', 'b.user_name as created_by_name', 'r.created_at', 'r.updated_at',
    ]);
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function presentSummary(r: SummaryRow): ServiceRequestSummary {
  return {
    id: r.request_id,
    clientId: r.client_id,
    clientName: r.client_name,
    type: r.type as ServiceRequestType,
    title: r.title,
    fields: typeof r.fields === 'string' ? (JSON.parse(r.fields) as Record<string, unknown>) : r.fields,
    status: r.status,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    dueDate: r.due_date,
    fee: r.fee === null ? null : Number(r.fee),
    currency: r.currency,
    draft: r.draft,
    createdByName: r.created_by_name ?? '',
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function findRequest(db: Conn, requestId: number): Promise<ServiceRequest | undefined> {
  const row = await summaryQuery(db).where('r.request_id', '=', requestId).executeTakeFirst();
  if (!row) return undefined;
  const [messages, files] = await Promise.all([
    db
      .selectFrom('service_request_message as m')
      .leftJoin('users as u', 'u.user_id', 'm.user_id')
      .select(['m.message_id', 'm.body', 'm.created_at', 'u.user_name', sql<boolean>`coalesce((u.user_role & 6) <> 0, false)`.as('by_staff')])
      .where('m.request_id', '=', requestId)
      .orderBy('m.created_at')
      .orderBy('m.message_id')
      .execute(),
    db
      .selectFrom('service_request_file as rf')
      .innerJoin('stored_file as f', 'f.name', 'rf.name')
      .select(['f.name', 'f.original_name', 'f.content_type', 'f.size', 'f.created_at', 'rf.message_id'])
      .where('rf.request_id', '=', requestId)
      .orderBy('f.created_at')
      .orderBy('f.name')
      .execute(),
  ]);
  const fileOf = (f: (typeof files)[number]): ServiceFile => ({ name: f.name, originalName: f.original_name, contentType: f.content_type, size: f.size, createdAt: iso(f.created_at) });
  const presented: ServiceMessage[] = messages.map((m) => ({
    id: m.message_id,
    body: m.body,
    byUserName: m.user_name ?? '',
    byStaff: Boolean(m.by_staff),
    createdAt: iso(m.created_at),
    files: files.filter((f) => f.message_id === m.message_id).map(fileOf),
  }));
  return { ...presentSummary(row), messages: presented, files: files.map(fileOf) };
}

/** The clients an analyst manages (the only ones whose requests they see). */
export function managedClientIds(db: Conn, userId: number) {
  return db.selectFrom('client_manager').select('client_id').where('user_id', '=', userId);
}

/**
 * Staff of the client who hear of a client's action: its managing analysts, plus the assignee; a client nobody
 * manages yet is heard by the administrators, so no request goes unseen.
 */
export async function staffOfClient(db: Conn, clientId: number, assigneeId: number | null) {
  const staff = await managersAndAssignee(db, clientId, assigneeId);
  if (staff.length > 0) return staff;
  return db.selectFrom('users').select(['user_id', 'user_mail', 'user_locale']).where('deleted_at', 'is', null).where(sql<SqlBool>`(user_role & 4) <> 0`).execute();
}

function managersAndAssignee(db: Conn, clientId: number, assigneeId: number | null) {
  return db
    .selectFrom('users as u')
    .select(['u.user_id', 'u.user_mail', 'u.user_locale'])
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb(sql<number>`u.user_role & 2`, '<>', 0), eb('u.user_id', 'in', eb.selectFrom('client_manager').select('user_id').where('client_id', '=', clientId))]),
        ...(assigneeId !== null ? [eb('u.user_id', '=', assigneeId)] : []),
      ]),
    )
    .execute();
}

export function clientUsers(db: Conn, clientId: number) {
  return db
    .selectFrom('users')
    .select(['user_id', 'user_mail', 'user_locale'])
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .where(sql<SqlBool>`(user_role & 1) <> 0`)
    .execute();
}

export async function isManagingAnalyst(db: Conn, clientId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('client_manager as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select('u.user_id')
    .where('m.client_id', '=', clientId)
    .where('m.user_id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .where(sql<SqlBool>`(u.user_role & 2) <> 0`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isTrademarkOfClient(db: Conn, clientId: number, trademarkId: number): Promise<boolean> {
  const row = await db.selectFrom('trademark').select('trademark_id').where('trademark_id', '=', trademarkId).where('client_id', '=', clientId).executeTakeFirst();
  return row !== undefined;
}

/** The new request's id. */
export async function insertRequest(db: Conn, values: Insertable<Database['service_request']>): Promise<number> {
  const { request_id } = await db.insertInto('service_request').values(values).returning('request_id').executeTakeFirstOrThrow();
  return request_id;
}

type SearchInput = z.output<typeof serviceRequests.searchInput>;

/**
 * One page of request summaries, newest change first, and how many match in all: of one client (`clientId`), of
 * the clients an analyst manages (`managedBy`), or of every client (neither).
 */
export async function searchRequests(
  db: Conn,
  input: Omit<SearchInput, 'clientId'> & { clientId?: number | undefined; managedBy?: number },
): Promise<{ rows: SummaryRow[]; total: number }> {
  let q = summaryQuery(db);
  if (input.clientId !== undefined) q = q.where('r.client_id', '=', input.clientId);
  else if (input.managedBy !== undefined) q = q.where('r.client_id', 'in', managedClientIds(db, input.managedBy));
  if (input.type) q = q.where('r.type', '=', input.type);
  if (input.status) q = q.where('r.status', '=', input.status);
  if (input.dueFrom) q = q.where('r.due_date', '>=', input.dueFrom);
  if (input.dueTo) q = q.where('r.due_date', '<=', input.dueTo);
  const k = input.keyword.trim();
  if (k) q = q.where(sql<SqlBool>`(r.title ILIKE ${`%${escapeLike(k)}%`} OR r.fields::text ILIKE ${`%${escapeLike(k)}%`})`);
  const [rows, total] = await Promise.all([
    q.orderBy('r.updated_at', 'desc').orderBy('r.request_id', 'desc').offset(input.offset).limit(input.limit).execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Sets the changed columns and the time of the change. */
export async function updateRequest(db: Conn, requestId: number, changes: Record<string, unknown>, at: Date): Promise<void> {
  await db.updateTable('service_request').set({ ...changes, updated_at: at }).where('request_id', '=', requestId).execute();
}

/** The new message's id. */
export async function insertMessage(db: Conn, values: { request_id: number; user_id: number; body: string; created_at: Date }): Promise<number> {
  const { message_id } = await db.insertInto('service_request_message').values(values).returning('message_id').executeTakeFirstOrThrow();
  return message_id;
}

/** Ties the named files of the request, not yet part of a message, to the message; how many it tied. */
export async function attachFilesToMessage(db: Conn, requestId: number, messageId: number, names: string[]): Promise<number> {
  const res = await db
    .updateTable('service_request_file')
    .set({ message_id: messageId })
    .where('request_id', '=', requestId)
    .where('message_id', 'is', null)
    .where('name', 'in', names)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The request with its stored files (its messages and file rows go by cascade). */
export async function deleteRequest(db: Conn, requestId: number): Promise<void> {
  const files = db.selectFrom('service_request_file').select('name').where('request_id', '=', requestId);
  await db.deleteFrom('stored_file').where('name', 'in', files).execute();
  await db.deleteFrom('service_request').where('request_id', '=', requestId).execute();
}

/** A file uploaded to the request, not yet part of a message. */
export async function insertRequestFile(db: Conn, requestId: number, name: string): Promise<void> {
  await db.insertInto('service_request_file').values({ name, request_id: requestId, message_id: null }).execute();
}

/** The request the stored file belongs to, if it is a request's file. */
export async function requestOfFile(db: Conn, name: string): Promise<number | undefined> {
  const link = await db.selectFrom('service_request_file').select('request_id').where('name', '=', name).executeTakeFirst();
  return link?.request_id;
}

export async function userName(db: Conn, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('user_name').where('user_id', '=', userId).executeTakeFirst();
  return row?.user_name;
}

/** The open requests (not drafts) of live clients due between the dates (inclusive), with their client's name. */
export function openRequestsDueBetween(db: Conn, from: string, to: string) {
  return db
    .selectFrom('service_request as r')
    .innerJoin('client as c', 'c.client_id', 'r.client_id')
    .select(['r.request_id', 'r.client_id', 'r.type', 'r.title', 'r.due_date', 'c.client_name'])
    .where('c.deleted_at', 'is', null)
    .where('r.status', 'in', [1, 2, 3])
    .where('r.draft', '=', false)
    .where('r.due_date', '>=', from)
    .where('r.due_date', '<=', to)
    .execute();
}

/** The flagged trademarks of live clients expiring between the dates (inclusive) whose renewal was not proposed yet. */
export function trademarksToProposeRenewal(db: Conn, from: string, until: string) {
  return db
    .selectFrom('trademark as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select(['t.trademark_id', 't.client_id', 't.no', 't.text', 't.invalid_date'])
    .where('t.remind_flag', '=', true)
    .where('c.deleted_at', 'is', null)
    .where('t.invalid_date', '>=', from)
    .where('t.invalid_date', '<=', until)
    .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM service_request s WHERE s.source_key = 'renewal:' || t.trademark_id || ':' || t.invalid_date::text)`)
    .execute();
}

/** Inserts the request unless one with its source key exists: the new request's id. */
export async function insertRequestOnce(db: Conn, values: Insertable<Database['service_request']>): Promise<number | undefined> {
  const row = await db.insertInto('service_request').values(values).onConflict((oc) => oc.column('source_key').doNothing()).returning('request_id').executeTakeFirst();
  return row?.request_id;
}
