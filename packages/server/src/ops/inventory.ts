/** Runs one SQL text and gives its rows: a pg.Client and PGlite both fit. */
export type Query = <R>(text: string) => Promise<R[]>;

/** What a database holds: its tables with their row counts, and the migrations it has run. */
export interface Inventory {
  tables: Record<string, number>;
  migrations: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table outside PostgreSQL's own schemas (the portal's, pg-boss's), as "schema.table". */
export async function listTables(query: Query): Promise<string[]> {
  const rows = await query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1, 2`,
  );
  return rows.map((r) => `${r.schema}.${r.name}`);
}

export const qualified = (table: string) => {
  const dot = table.indexOf('.');
  return `${quote(table.slice(0, dot))}.${quote(table.slice(dot + 1))}`;
};

export async function takeInventory(query: Query): Promise<Inventory> {
  const tables: Record<string, number> = {};
  for (const table of await listTables(query)) {
    const [row] = await query<{ n: string }>(`SELECT count(*)::text AS n FROM ${qualified(table)}`);
    tables[table] = Number(row?.n ?? 0);
  }
  const migrations =
    'public.kysely_migration' in tables ? (await query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).map((r) => r.name) : [];
  return { tables, migrations };
}

/** The tables whose row counts differ from what the backup recorded (none after a complete restore). */
export function differences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(found)]);
  return [...names].filter((t) => expected[t] !== found[t]).map((t) => `${t}: backup ${expected[t] ?? 'none'}, restored ${found[t] ?? 'none'}`);
}
