import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { RECORD_TABLES, type KindName } from '../core/tables.js';

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
