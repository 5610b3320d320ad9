import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database.js';
import { migrate, type DatabaseHandle } from './db.js';

/**
 * `schema.ts` is typed by hand; this holds it to the database the migrations build: the same tables, the same
 * columns, each with a TypeScript type that fits its SQL type (what the driver hands back) and the same
 * nullability. A migration that adds a column, or a column typed wrongly by hand, fails here instead of at run time.
 */
type Kind = 'number' | 'string' | 'boolean' | 'Date' | 'array' | 'bytes' | 'json';

/** What the driver returns for each SQL type (INT8 is parsed to a number and DATE kept as text in db.ts). */
const SQL_KINDS: Record<string, Kind[]> = {
  smallint: ['number'],
  integer: ['number'],
  bigint: ['number'],
  real: ['number'],
  'double precision': ['number'],
  // numeric arrives as text (exact decimals); some columns also accept numbers on insert.
  numeric: ['string'],
  text: ['string'],
  'character varying': ['string'],
  character: ['string'],
  uuid: ['string'],
  inet: ['string'],
  date: ['string'],
  boolean: ['boolean'],
  'timestamp with time zone': ['Date'],
  'timestamp without time zone': ['Date'],
  bytea: ['bytes'],
  ARRAY: ['array'],
  jsonb: ['json', 'array', 'string', 'number', 'boolean'],
  json: ['json', 'array', 'string', 'number', 'boolean'],
};

interface TsColumn {
  kinds: Set<Kind>;
  nullable: boolean;
  anyNull?: boolean;
}

/** The selected type of every column of every table of `Database`, as the compiler resolves it. */
function declaredSchema(): Map<string, Map<string, TsColumn>> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const probe = path.join(here, '__schema_probe.ts');
  const source = `import type { Selectable } from 'kysely';\nimport type { Database } from './schema.js';\nexport type Rows = { [T in keyof Database]: Selectable<Database[T]> };\n`;
  const options: ts.CompilerOptions = { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => (path.resolve(f) === probe ? source : read(f));
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => path.resolve(f) === probe || exists(f);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(probe)!;
  const alias = file.statements.find(ts.isTypeAliasDeclaration)!;
  const rows = checker.getTypeAtLocation(alias.name);
  const tables = new Map<string, Map<string, TsColumn>>();
  for (const table of rows.getProperties()) {
    const rowType = checker.getTypeOfSymbolAtLocation(table, alias);
    const columns = new Map<string, TsColumn>();
    for (const column of rowType.getProperties()) {
      const type = checker.getTypeOfSymbolAtLocation(column, alias);
      const parts = type.isUnion() ? type.types : [type];
      const col: TsColumn = { kinds: new Set(), nullable: false };
      for (const p of parts) {
        // An optional property (a column added later, not always selected) adds undefined: not a column type.
        if (p.flags & ts.TypeFlags.Undefined) continue;
        if (p.flags & ts.TypeFlags.Null) col.nullable = true;
        else if (p.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) col.kinds.add('number');
        else if (p.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) col.kinds.add('string');
        else if (p.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) col.kinds.add('boolean');
        // `unknown` (a JSON document read as is) says nothing of NULL: either way fits.
        else if (p.flags & ts.TypeFlags.Unknown) {
          col.kinds.add('json');
          col.anyNull = true;
        }
        else if (checker.isArrayType(p)) col.kinds.add('array');
        else if (p.getSymbol()?.getName() === 'Date') col.kinds.add('Date');
        else if (['Buffer', 'Uint8Array'].includes(p.getSymbol()?.getName() ?? '')) col.kinds.add('bytes');
        else col.kinds.add('json');
      }
      columns.set(column.getName(), col);
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

/**
 * Generated columns the database calls nullable whose expression never yields NULL (comparisons with IS NULL,
 * a CASE with an ELSE): typed as never null, as they are read.
 */
const NEVER_NULL_GENERATED = ['ec_record.is_error', 'ws_record.is_error', 'sns_record.is_error', 'ec_record.ec_price_rank'];

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await migrate(handle.db);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe('schema.ts against the database the migrations build', () => {
  it('has the same tables and columns, each typed as the driver returns it, null where the column allows it', async () => {
    const declared = declaredSchema();
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }>`
      SELECT c.table_name, c.column_name, c.data_type, c.is_nullable
      FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely%'
        -- A partition (ec_record_p0, …) is its partitioned table's storage, not a table of its own.
        AND NOT (SELECT relispartition FROM pg_class WHERE oid = to_regclass(c.table_name))
      ORDER BY c.table_name, c.ordinal_position`.execute(handle.db);
    const built = new Map<string, typeof rows>();
    for (const r of rows) built.set(r.table_name, [...(built.get(r.table_name) ?? []), r]);

    expect([...declared.keys()].sort()).toEqual([...built.keys()].sort());
    const problems: string[] = [];
    for (const [table, columns] of built) {
      const types = declared.get(table);
      if (!types) continue;
      const names = columns.map((c) => c.column_name);
      for (const name of types.keys()) if (!names.includes(name)) problems.push(`${table}.${name}: in schema.ts, not in the database`);
      for (const c of columns) {
        const t = types.get(c.column_name);
        if (!t) {
          problems.push(`${table}.${c.column_name}: in the database (${c.data_type}), not in schema.ts`);
          continue;
        }
        const allowed = SQL_KINDS[c.data_type];
        if (!allowed) problems.push(`${table}.${c.column_name}: SQL type ${c.data_type} has no TypeScript mapping here`);
        else if (![...t.kinds].every((k) => allowed.includes(k))) problems.push(`${table}.${c.column_name}: ${c.data_type} typed as ${[...t.kinds].join(' | ')}`);
        const nullable = c.is_nullable === 'YES' && !NEVER_NULL_GENERATED.includes(`${table}.${c.column_name}`);
        if (!t.anyNull && nullable !== t.nullable) problems.push(`${table}.${c.column_name}: ${nullable ? 'nullable' : 'NOT NULL'} in the database, ${t.nullable ? 'nullable' : 'not nullable'} in schema.ts`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('the check itself tells a wrong type and a wrong nullability apart from a right one', () => {
    const declared = declaredSchema();
    const users = declared.get('users')!;
    expect(users.get('user_id')).toEqual({ kinds: new Set(['number']), nullable: false });
    expect(users.get('client_id')).toEqual({ kinds: new Set(['number']), nullable: true });
    expect(users.get('deleted_at')).toEqual({ kinds: new Set(['Date']), nullable: true });
    expect(SQL_KINDS.integer!.includes('string')).toBe(false);
  }, 60_000);
});
