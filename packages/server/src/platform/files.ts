import { randomUUID } from 'node:crypto';
import type { ImageType } from '@portal/contract';
import type { Db, Tx } from './db.js';

/**
 * Files kept in the database (stored_file): trademark and request images, evidence screenshots. Images are
 * checked by decoding their headers (images.ts) before they are stored.
 * A file belongs to one client; whoever may see that client's object may read it. Names are random, so a name
 * proves nothing: every read still checks the client.
 */
export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp' };
const EXTENSION: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', bmp: 'bmp' };

export interface StoredFileMeta {
  name: string;
  kind: string;
  client_id: number;
  content_type: string;
  original_name: string;
  size: number;
  attached: boolean;
}

export async function storeImage(
  db: Db | Tx,
  f: { kind: string; clientId: number; type: ImageType; originalName: string; bytes: Buffer; userId: number; now: Date; attached?: boolean },
): Promise<string> {
  return storeFile(db, { ...f, contentType: IMAGE_CONTENT_TYPES[f.type], extension: EXTENSION[f.type] });
}

/** Any checked file (documents.ts or images.ts decided its type): stored under a random name. `userId` null: made by a job. */
export async function storeFile(
  db: Db | Tx,
  f: { kind: string; clientId: number; contentType: string; extension: string; originalName: string; bytes: Buffer; userId: number | null; now: Date; attached?: boolean },
): Promise<string> {
  const name = `${f.kind}-${randomUUID()}.${f.extension}`;
  await db
    .insertInto('stored_file')
    .values({
      name,
      kind: f.kind,
      client_id: f.clientId,
      content_type: f.contentType,
      original_name: f.originalName.slice(0, 300),
      size: f.bytes.length,
      bytes: f.bytes,
      attached: f.attached ?? false,
      created_by: f.userId,
      created_at: f.now,
    })
    .execute();
  return name;
}

export async function fileMeta(db: Db | Tx, name: string): Promise<StoredFileMeta | undefined> {
  return db
    .selectFrom('stored_file')
    .select(['name', 'kind', 'client_id', 'content_type', 'original_name', 'size', 'attached'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function fileBytes(db: Db | Tx, name: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('stored_file').select('bytes').where('name', '=', name).executeTakeFirst();
  return row?.bytes;
}

export async function setAttached(db: Db | Tx, name: string, attached: boolean): Promise<void> {
  await db.updateTable('stored_file').set({ attached }).where('name', '=', name).execute();
}

export async function deleteFile(db: Db | Tx, name: string): Promise<void> {
  await db.deleteFrom('stored_file').where('name', '=', name).execute();
}

/** Uploads nobody saved a form for within a day are dropped by housekeeping. */
export async function deleteForgottenUploads(db: Db | Tx, now: Date): Promise<number> {
  const res = await db
    .deleteFrom('stored_file')
    .where('attached', '=', false)
    .where('created_at', '<', new Date(now.getTime() - 86_400_000))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Capture files (kind `capture`) no evidence capture names any more: their record, and so the capture, is gone. */
export async function deleteOrphanCaptureFiles(db: Db | Tx): Promise<number> {
  const res = await db
    .deleteFrom('stored_file as f')
    .where('f.kind', '=', 'capture')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('evidence_capture as e').select('e.capture_id').where((eb) => eb.or([eb('e.png_file', '=', eb.ref('f.name')), eb('e.html_file', '=', eb.ref('f.name'))])))),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
