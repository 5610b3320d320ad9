import type { ServiceFile, ServiceMessage, ServiceRequest, ServiceRequestSummary, ServiceRequestType } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

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
