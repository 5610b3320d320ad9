import fs from 'node:fs';
import { z } from 'zod';

/**
 * A backup is one file: a first line naming the format, one line of JSON describing the contents (the manifest),
 * then the database dump itself to the end of the file (PostgreSQL: pg_dump's custom format; PGlite: its data
 * directory as a gzipped tar). The manifest's row counts let a restore prove it found every row.
 */
const MAGIC = 'PORTAL-BACKUP 1\n';

export const manifestSchema = z.object({
  kind: z.enum(['postgres', 'pglite']),
  createdAt: z.string(),
  /** Migrations the database had: a restore needs code that knows them all. */
  migrations: z.array(z.string()),
  /** Rows per table ("schema.table"), counted in the snapshot the dump was taken from. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  secrets: z.object({
    /** Where the key that seals site secrets came from when the backup was taken. */
    source: z.enum(['env', 'file', 'none']),
    /** The first 16 hex digits of the key's SHA-256: tells whether a key is the right one without revealing it. */
    fingerprint: z.string().nullable(),
    /** The key itself (base64), when it was DATA_DIR/secrets.key and not left out. */
    key: z.string().nullable(),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Writes the backup next to its final name and renames it when complete, so a failed run never leaves a file that
 * looks like a backup. Readable by the owner only: it holds every record and perhaps the secrets key.
 */
export async function writeBackupFile(file: string, manifest: Manifest, payload: Buffer | { path: string }): Promise<number> {
  const partial = `${file}.partial`;
  const out = fs.openSync(partial, 'w', 0o600);
  try {
    fs.writeSync(out, MAGIC + JSON.stringify(manifest) + '\n');
    if (Buffer.isBuffer(payload)) fs.writeSync(out, payload);
    else await copyInto(out, payload.path);
  } finally {
    fs.closeSync(out);
  }
  fs.renameSync(partial, file);
  return fs.statSync(file).size;
}

async function copyInto(out: number, source: string): Promise<void> {
  for await (const chunk of fs.createReadStream(source)) fs.writeSync(out, chunk as Buffer);
}

export class NotABackup extends Error {
  constructor(file: string, why: string) {
    super(`${file} is not a portal backup (${why})`);
  }
}

/** The manifest and where the dump starts. */
export function readBackupHeader(file: string): { manifest: Manifest; payloadOffset: number } {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(1024 * 1024);
  let length: number;
  try {
    length = fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  const text = head.subarray(0, length).toString('latin1');
  if (!text.startsWith(MAGIC)) throw new NotABackup(file, 'unknown first line');
  const end = text.indexOf('\n', MAGIC.length);
  if (end < 0) throw new NotABackup(file, 'no description');
  let parsed: unknown;
  try {
    parsed = JSON.parse(head.subarray(MAGIC.length, end).toString('utf8'));
  } catch {
    throw new NotABackup(file, 'unreadable description');
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new NotABackup(file, 'incomplete description');
  return { manifest: manifest.data, payloadOffset: end + 1 };
}
