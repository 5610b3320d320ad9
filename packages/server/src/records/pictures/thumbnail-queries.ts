import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { RECORD_TABLES, type KindName, type RecordTableName } from '../core/tables.js';

/** The query of a record's picture sources (thumbnail.ts). */

const IMAGE_OF: Record<KindName, ReturnType<typeof sql<string>>> = {
  ec: sql<string>`r.ec_product_image_url`,
  ws: sql<string>`''`,
  sns: sql<string>`r.image_url`,
};
const SHOTS_OF: Record<KindName, ReturnType<typeof sql<string>>> = {
  ec: sql<string>`r.ec_upload_image_names`,
  ws: sql<string>`''`,
  sns: sql<string>`''`,
};

export interface Sources {
  image_url: string;
  shots: string;
  capture_file: string | null;
}

/**
 * Where a record's picture may come from, if the record is in `visible` (alias `r`): the listing's image URL, the
 * uploaded screenshots (EC) and the newest done capture's PNG.
 */
export async function pictureSources(db: Db | Tx, kind: KindName, recordId: number, visible: Expression<SqlBool>): Promise<Sources | undefined> {
  const t = RECORD_TABLES[kind];
  const found = await sql<Sources>`
    SELECT ${IMAGE_OF[kind]} AS image_url, ${SHOTS_OF[kind]} AS shots,
      (SELECT e.png_file FROM evidence_capture AS e
        WHERE e.client_id = r.client_id AND e.${sql.ref(t.id)} = r.${sql.ref(t.id)} AND e.state = 'done' AND e.png_file IS NOT NULL
        ORDER BY e.capture_id DESC LIMIT 1) AS capture_file
    FROM ${sql.table(t.records)} AS r
    WHERE r.${sql.ref(t.id)} = ${recordId} AND ${visible}`.execute(db);
  return found.rows[0];
}

/**
 * Whether a record (alias `r` of the kind's table) has something to show as its picture, as the thumbnail call
 * would look for it: an image URL that is a web address, an uploaded screenshot (EC), or a done capture with its PNG.
 * The lists answer it (`pictured`), so a row without a picture shows the placeholder and asks for nothing.
 */
export function hasPicture(table: RecordTableName): RawBuilder<boolean> {
  const kind = (Object.keys(RECORD_TABLES) as KindName[]).find((k) => RECORD_TABLES[k].records === table)!;
  const t = RECORD_TABLES[kind];
  return sql<boolean>`(${IMAGE_OF[kind]} ~* '^\\s*https?://' OR ${SHOTS_OF[kind]} ~ '[^,]'
    OR EXISTS (SELECT 1 FROM evidence_capture AS e
      WHERE e.${sql.ref(t.id)} = r.${sql.ref(t.id)} AND e.client_id = r.client_id AND e.state = 'done' AND e.png_file IS NOT NULL))`;
}
