import {
  CLIENT_CANCELLABLE,
  Role,
  STATUS_STEPS,
  hasRole,
  isClosed,
  translate,
  type MessageKey,
  type CallOutput,
  type ServiceRequest,
  type ServiceRequestStatus,
  type serviceRequests,
} from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { checkOwner } from '../../platform/tenant.js';
import { tellOtherSide } from './notify.js';
import * as repo from './repo.js';
import { findRequest, isManagingAnalyst, ownerOfRequest } from './repo.js';

type CreateInput = z.output<typeof serviceRequests.createInput>;
type SearchInput = z.output<typeof serviceRequests.searchInput>;
type UpdateInput = z.output<typeof serviceRequests.updateInput>;
type MessageInput = z.output<typeof serviceRequests.addMessageInput>;

export const isStaff = (ctx: AuthedContext) => hasRole(ctx.user.role, Role.ANALYST | Role.ADMIN);
const today = (ctx: AuthedContext) => ctx.now.toISOString().slice(0, 10);

function checkDueDate(ctx: AuthedContext, dueDate: string | null | undefined): void {
  if (dueDate && dueDate < today(ctx)) throw new AppError('dueDateInPast');
}

/** A trademark a request names must be one of the client's. */
async function checkTrademark(ctx: AuthedContext, clientId: number, fields: Record<string, unknown>): Promise<void> {
  const trademarkId = fields.trademarkId;
  if (typeof trademarkId !== 'number') return;
  if (!(await repo.isTrademarkOfClient(ctx.db, clientId, trademarkId))) throw new AppError('unknownTrademark');
}

/** Reading one request: the same rule as writes (another company's, or an unmanaged client's, is "not found"). */
export async function readable(ctx: AuthedContext, requestId: number): Promise<ServiceRequest> {
  await checkOwner(ctx.db, ctx.user, { object: 'service request', readers: 'managers', clientOf: (db) => ownerOfRequest(db, requestId) }, {});
  const request = await findRequest(ctx.db, requestId);
  if (!request) throw new AppError('objectNotFound');
  return request;
}

export async function create(ctx: AuthedContext, input: CreateInput): Promise<CallOutput<'/api/service-request/create'>> {
  const clientId = input.clientId;
  if (clientId === undefined) throw new AppError('badRequest', {}, 'validation.requestClientRequired');
  checkDueDate(ctx, input.dueDate);
  await checkTrademark(ctx, clientId, input.fields);
  const requestId = await repo.insertRequest(ctx.db, {
    client_id: clientId,
    type: input.type,
    title: input.title,
    fields: JSON.stringify(input.fields),
    due_date: input.dueDate ?? null,
    created_by: ctx.user.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const request = await readable(ctx, requestId);
  await tellOtherSide(ctx, request, { kind: 4 }, !isStaff(ctx));
  return { request };
}

export async function search(ctx: AuthedContext, input: SearchInput): Promise<CallOutput<'/api/service-request/search'>> {
  // The tenancy rule filled in a client user's company and held analysts naming a client to its managers.
  const clients = input.clientId !== undefined ? { clientId: input.clientId } : hasRole(ctx.user.role, Role.ADMIN) ? {} : { managedBy: ctx.user.userId };
  const { rows, total } = await repo.searchRequests(ctx.db, { ...input, ...clients });
  return { requests: rows.map(repo.presentSummary), total };
}

/**
 * Staff set status (along STATUS_STEPS), assignee (one of the client's managing analysts), due date and fee.
 * A client user may only cancel (`status: 5` while received or waiting for them) or confirm a proposed draft.
 */
export async function update(ctx: AuthedContext, input: UpdateInput): Promise<CallOutput<'/api/service-request/update'>> {
  const before = await readable(ctx, input.requestId);
  const staff = isStaff(ctx);
  const changes: Record<string, unknown> = {};
  if (!staff) {
    const others = input.assigneeId !== undefined || input.dueDate !== undefined || input.fee !== undefined || input.currency !== undefined;
    const cancel = input.status === 5 && CLIENT_CANCELLABLE.includes(before.status as ServiceRequestStatus);
    if (others || (input.status !== undefined && !cancel) || (input.status === undefined && !input.confirm)) throw new AppError('requestClientCancelOnly');
  }
  if (input.confirm) {
    if (!before.draft) throw new AppError('requestNotDraft');
    changes.draft = false;
  }
  if (input.status !== undefined && input.status !== before.status) {
    if (!STATUS_STEPS[before.status as ServiceRequestStatus].includes(input.status)) {
      const name = (s: number) => translate(ctx.locale, `requestStatus.${s}` as MessageKey);
      throw new AppError('requestStep', { from: name(before.status), to: name(input.status) });
    }
    changes.status = input.status;
  }
  if (input.assigneeId !== undefined) {
    if (input.assigneeId !== null && !(await isManagingAnalyst(ctx.db, before.clientId, input.assigneeId))) throw new AppError('assigneeNotManager');
    changes.assignee_id = input.assigneeId;
  }
  if (input.dueDate !== undefined) {
    if (input.dueDate !== before.dueDate) checkDueDate(ctx, input.dueDate);
    changes.due_date = input.dueDate;
  }
  if (input.fee !== undefined) changes.fee = input.fee;
  if (input.currency !== undefined) changes.currency = input.currency;
  if (Object.keys(changes).length > 0) {
    await repo.updateRequest(ctx.db, before.id, changes, ctx.now);
  }
  const request = await readable(ctx, before.id);
  if (changes.draft === false) await tellOtherSide(ctx, request, { kind: 4 }, !staff);
  if (changes.status !== undefined) await tellOtherSide(ctx, request, { kind: 6, from: before.status }, !staff);
  return { request };
}

/** A message, with files uploaded to the request before it; a client's answer to a waiting request resumes it. */
export async function addMessage(ctx: AuthedContext, input: MessageInput): Promise<CallOutput<'/api/service-request/add-message'>> {
  const before = await readable(ctx, input.requestId);
  if (isClosed(before.status)) throw new AppError('requestClosed');
  const messageId = await repo.insertMessage(ctx.db, { request_id: before.id, user_id: ctx.user.userId, body: input.body, created_at: ctx.now });
  const names = [...new Set(input.files)];
  if (names.length > 0) {
    if ((await repo.attachFilesToMessage(ctx.db, before.id, messageId, names)) !== names.length) throw new AppError('fileNotOfRequest');
  }
  const resumes = !isStaff(ctx) && before.status === 3;
  await repo.updateRequest(ctx.db, before.id, resumes ? { status: 2 } : {}, ctx.now);
  const request = await readable(ctx, before.id);
  await tellOtherSide(ctx, request, { kind: 5, excerpt: input.body }, !isStaff(ctx));
  return { request };
}

/** Staff remove any request of a client they manage; a client user only one nobody has started on (received). */
export async function remove(ctx: AuthedContext, requestId: number): Promise<CallOutput<'/api/service-request/remove'>> {
  const before = await readable(ctx, requestId);
  if (!isStaff(ctx) && before.status !== 1) throw new AppError('requestClientCancelOnly');
  await repo.deleteRequest(ctx.db, requestId);
  return {};
}
