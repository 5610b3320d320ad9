import { SERVICE_FILE_MAX_BYTES, isClosed, type CallOutput, type DownloadQuery, type serviceRequests } from '@portal/contract';
import type { z } from 'zod';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { checkDocument } from '../../platform/documents.js';
import { AppError } from '../../platform/errors.js';
import { fileBytes, fileMeta, storeFile } from '../../platform/files.js';
import { insertRequestFile, requestOfFile, updateRequest } from './repo.js';
import { readable } from './service.js';

/** Request files are stored as kind `srq`, checked by their bytes (platform/documents.ts), attached at once. */
export const REQUEST_FILE_KIND = 'srq';
export const FILE_LIMIT = { maxBytes: SERVICE_FILE_MAX_BYTES };

export async function uploadFile(ctx: AuthedContext, input: z.output<typeof serviceRequests.uploadFileInput>): Promise<CallOutput<'/api/service-request/upload-file'>> {
  const request = await readable(ctx, input.requestId);
  if (isClosed(request.status)) throw new AppError('requestClosed');
  const file = ctx.files[0];
  if (!file?.bytes) throw new AppError('fileRequired');
  const check = checkDocument(file.bytes);
  if (!check.ok) throw check.damaged ? new AppError('fileDamaged', { type: check.damaged }) : new AppError('fileTypeService');
  const name = await storeFile(ctx.db, {
    kind: REQUEST_FILE_KIND,
    clientId: request.clientId,
    contentType: check.contentType,
    extension: check.extension,
    originalName: file.filename,
    bytes: file.bytes,
    userId: ctx.user.userId,
    now: ctx.now,
    attached: true,
  });
  await insertRequestFile(ctx.db, request.id, name);
  await updateRequest(ctx.db, request.id, {}, ctx.now);
  return { file: { name, originalName: file.filename.slice(0, 300), contentType: check.contentType, size: file.bytes.length, createdAt: ctx.now.toISOString() } };
}

/** GET /api/service-request/file?name=: to whoever may read the request; always a download, never shown inline. */
export async function serveFile(ctx: AuthedContext, { name }: DownloadQuery<'/api/service-request/file'>): Promise<DownloadAnswer> {
  const meta = await fileMeta(ctx.db, name);
  if (!meta || meta.kind !== REQUEST_FILE_KIND) throw new AppError('objectNotFound');
  const requestId = await requestOfFile(ctx.db, name);
  if (requestId === undefined) throw new AppError('objectNotFound');
  await readable(ctx, requestId);
  const bytes = await fileBytes(ctx.db, name);
  if (!bytes) throw new AppError('objectNotFound');
  return { contentType: meta.content_type, body: bytes, fileName: meta.original_name || name };
}
