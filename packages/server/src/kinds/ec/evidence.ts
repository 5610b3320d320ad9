import type { DownloadQuery, ecRecords } from '@portal/contract';
import type { z } from 'zod';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { deleteFile, fileBytes, fileMeta, storeImage } from '../../platform/files.js';
import { uploadedImage } from '../../platform/images.js';
import { deleteStoredFiles, evidenceNameListsOfReport, findVisible, setEvidenceNames } from './queries.js';

/**
 * Screenshot evidence of a record (document 3, detail tab "screenshot evidence"): png or jpeg by their bytes,
 * stored as kind `ev` and listed, comma-separated, in ec_upload_image_names. Analysts upload and delete; whoever
 * may see the record may view them.
 */
export const EVIDENCE_KIND = 'ev';
/** The stored names (about 43 characters each) must fit the record's 4,000-character list. */
export const EVIDENCE_MAX_COUNT = 50;

const EVIDENCE_IMAGE_TYPES = ['png', 'jpeg'] as const;

const namesOf = (list: string) => list.split(',').filter((n) => n !== '');

export async function upload(ctx: AuthedContext, input: z.output<typeof ecRecords.uploadEvidenceInput>) {
  const record = await findVisible(ctx, input.clientId, input.recordId, true);
  const { file, image } = uploadedImage(ctx.files, EVIDENCE_IMAGE_TYPES, 'imageTypeEvidence');
  const names = namesOf(record.ec_upload_image_names);
  if (names.length >= EVIDENCE_MAX_COUNT) throw new AppError('evidenceTooMany', { max: EVIDENCE_MAX_COUNT });
  const name = await storeImage(ctx.db, {
    kind: EVIDENCE_KIND,
    clientId: record.client_id,
    type: image.type,
    originalName: file.filename,
    bytes: file.bytes,
    userId: ctx.user.userId,
    now: ctx.now,
    attached: true,
  });
  const list = [...names, name].join(',');
  await setEvidenceNames(ctx.db, { clientId: record.client_id, recordId: record.ec_id }, list, ctx.now);
  return { names: list };
}

export async function remove(ctx: AuthedContext, input: z.output<typeof ecRecords.deleteEvidenceInput>) {
  const record = await findVisible(ctx, input.clientId, input.recordId, true);
  const names = namesOf(record.ec_upload_image_names);
  if (!names.includes(input.name)) throw new AppError('imageNotFound');
  const list = names.filter((n) => n !== input.name).join(',');
  await setEvidenceNames(ctx.db, { clientId: record.client_id, recordId: record.ec_id }, list, ctx.now);
  const meta = await fileMeta(ctx.db, input.name);
  if (meta && meta.kind === EVIDENCE_KIND && meta.client_id === record.client_id) await deleteFile(ctx.db, input.name);
  return { names: list };
}


/**
 * GET /api/ec-data/get-upload-pic?recordId=&clientId=&name=: an evidence image of a record the user may see
 * (client users: their own company's published records). Anything else answers as one that does not exist.
 */
export async function serve(ctx: AuthedContext, { clientId, recordId, name }: DownloadQuery<'/api/ec-data/get-upload-pic'>): Promise<DownloadAnswer> {
  const record = await findVisible(ctx, clientId, recordId);
  if (!namesOf(record.ec_upload_image_names).includes(name)) throw new AppError('objectNotFound');
  const meta = await fileMeta(ctx.db, name);
  if (!meta || meta.kind !== EVIDENCE_KIND || meta.client_id !== clientId) throw new AppError('objectNotFound');
  const bytes = await fileBytes(ctx.db, name);
  if (!bytes) throw new AppError('objectNotFound');
  return { contentType: meta.content_type, body: bytes };
}

/**
 * For the report area: the evidence files of a report's records, to delete with the report (the records go by
 * cascade, their files would stay behind).
 */
export async function deleteReportEvidence(db: Db | Tx, clientId: number, reportId: number): Promise<number> {
  const names = (await evidenceNameListsOfReport(db, clientId, reportId)).flatMap(namesOf);
  for (let i = 0; i < names.length; i += 1000) await deleteStoredFiles(db, EVIDENCE_KIND, clientId, names.slice(i, i + 1000));
  return names.length;
}
