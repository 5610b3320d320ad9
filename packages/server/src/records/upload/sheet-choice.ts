import type { Locale } from '@portal/contract';
import { AppError } from '../../platform/errors.js';
import type { Sheet, SheetRow, Workbook } from '../sheets/sheet.js';
import { Problems, readHeader, type CheckInput, type CheckKind } from './upload-check.js';

/**
 * Which sheet of a workbook holds the report: the one whose header row (its first row with data) matches the
 * template, in English or Japanese labels, with the client's custom columns, whatever its position or visibility
 * (an instructions sheet or a hidden sheet of drop-down lists often comes first). A workbook of one sheet is that
 * sheet (the checks then list what its header lacks). When no sheet or several match, the upload is refused with
 * the sheets' names and, for none, what each one lacks, as the problems of each sheet's header row.
 */
interface Candidate {
  name: string;
  header: SheetRow | undefined;
  rest: AsyncGenerator<SheetRow>;
  problems: Problems;
}

async function* rowsFrom(header: SheetRow, rest: AsyncGenerator<SheetRow>): AsyncGenerator<SheetRow> {
  yield header;
  yield* rest;
}

const listOf = (names: string[], locale: Locale) => (locale === 'ja' ? names.map((n) => `「${n}」`).join('、') : names.map((n) => `"${n}"`).join(', '));

export async function chooseSheet(workbook: Workbook, kind: CheckKind, input: CheckInput, mode: 'new' | 'update'): Promise<Sheet> {
  if (workbook.sheets.length === 1) {
    const only = workbook.sheets[0]!;
    return { name: only.name, rows: only.rows() };
  }
  const required = mode === 'new' ? kind.required : [kind.idKey];
  const candidates: Candidate[] = [];
  try {
    for (const source of workbook.sheets) {
      const rest = source.rows();
      const first = await rest.next();
      const problems = new Problems(input.locale, () => source.name);
      const header = first.done ? undefined : first.value;
      if (header) readHeader(header, input.customNames, required, problems, input.locale, kind.sheet);
      else problems.add(0, '', 'cell.sheetEmpty');
      candidates.push({ name: source.name, header, rest, problems });
    }
  } catch (err) {
    await Promise.all(candidates.map((c) => c.rest.return(undefined)));
    throw err;
  }
  const matching = candidates.filter((c) => c.header && c.problems.total === 0);
  const chosen = matching.length === 1 ? matching[0]! : null;
  await Promise.all(candidates.filter((c) => c !== chosen).map((c) => c.rest.return(undefined)));
  if (chosen) return { name: chosen.name, rows: rowsFrom(chosen.header!, chosen.rest) };
  const sheets = listOf((matching.length > 1 ? matching : candidates).map((c) => c.name), input.locale);
  if (matching.length > 1) throw new AppError('uploadSeveralSheetsMatch', { sheets });
  const errors = candidates.flatMap((c) => c.problems.list);
  throw new AppError('uploadNoSheetMatches', { sheets }).withData({ errors, total: candidates.reduce((n, c) => n + c.problems.total, 0) });
}
