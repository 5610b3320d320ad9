import { describe, expect, it } from 'vitest';
import { registerAll } from '../../app.js';
import { createRegistry } from '../../platform/call.js';
import { EC_KIND } from '../../kinds/ec/kind.js';
import { SNS_KIND } from '../../kinds/sns/kind.js';
import { WS_KIND, type WsTypes } from '../../kinds/ws/kind.js';
import { REQUIRED_PARTS, checkRecordKind, type RecordKind } from './kind.js';
import { registerRecordKind } from '../register.js';

/**
 * A record kind must describe every part the engine serves: one that forgets a part neither type-checks (the
 * `@ts-expect-error` lines below fail tsc when the part stops being required) nor registers.
 */

const { upload: _upload, ...withoutUpload } = WS_KIND;
// @ts-expect-error: a kind without its upload part is not a record kind
export const noUpload: RecordKind<WsTypes> = withoutUpload;
const { rule: _rule, ...saveWithoutRule } = WS_KIND.save;
// @ts-expect-error: nor is one whose save forgets its rules
export const noSaveRule: RecordKind<WsTypes> = { ...WS_KIND, save: saveWithoutRule };
const { uncategorized: _uncategorized, ...reportsWithoutCounting } = WS_KIND.reports;
// @ts-expect-error: nor one whose reports cannot tell an uncategorized record
export const noCounting: RecordKind<WsTypes> = { ...WS_KIND, reports: reportsWithoutCounting };

/** The shared calls each kind gets from the engine. */
const DATA_CALLS = ['search-records', 'fetch-filters', 'get-record', 'get-record-history', 'update-record', 'batch-update-category', 'batch-update-action', 'fetch-last-batch', 'undo-batch', 'fetch-report-names', 'get-columns', 'set-columns'];
const REPORT_CALLS = ['fetch-reports', 'upload-report', 'batch-update', 'remove-report', 'post-report'];
const DOWNLOADS = ['data/export-search-result', 'report/download-report', 'report/download-template'];
/** Parts a kind may leave out (what goes with a removed report's records besides them). */
const OPTIONAL = ['removeAlso'];

/** The kind without one part (`part.key`, or a top-level `key`). */
function without(kind: object, part: string, key: string): object {
  const copy: Record<string, unknown> = { ...kind };
  if (part === '') delete copy[key];
  else {
    const inner: Record<string, unknown> = { ...(copy[part] as object) };
    delete inner[key];
    copy[part] = inner;
  }
  return copy;
}

describe('record kinds', () => {
  it('registers every kind with all its parts, and every call the engine serves for it', () => {
    const { calls, downloads, kinds } = registerAll();
    expect(kinds.map((k) => k.name)).toEqual(['ec', 'ws', 'sns']);
    const paths = new Set([...calls.map((c) => c.path), ...downloads.map((d) => d.path)]);
    for (const kind of kinds) {
      expect(() => checkRecordKind(kind)).not.toThrow();
      for (const c of DATA_CALLS) expect(paths).toContain(`/api/${kind.name}-data/${c}`);
      for (const c of REPORT_CALLS) expect(paths).toContain(`/api/${kind.name}-report/${c}`);
      for (const d of DOWNLOADS) expect(paths).toContain(`/api/${kind.name}-${d}`);
    }
  });

  it('lists every part a kind has among the ones checked at registration', () => {
    for (const kind of [EC_KIND, WS_KIND, SNS_KIND]) {
      const parts: Record<string, unknown> = { ...kind };
      expect(Object.keys(parts).filter((k) => !REQUIRED_PARTS['']!.includes(k))).toEqual([]);
      for (const [part, keys] of Object.entries(REQUIRED_PARTS)) {
        if (part === '') continue;
        const own = Object.keys(parts[part] as object).filter((k) => !keys.includes(k) && !OPTIONAL.includes(k));
        // The contract part holds the kind's contract modules, whose other exports are not parts.
        if (part !== 'contract') expect(own, part).toEqual([]);
      }
    }
  });

  it('refuses to register a kind that misses any required part', () => {
    for (const [part, keys] of Object.entries(REQUIRED_PARTS)) {
      for (const key of keys) {
        const registry = createRegistry();
        const broken = without(WS_KIND, part, key);
        expect(() => checkRecordKind(broken), `${part}.${key}`).toThrow(key);
        // What a description built outside the type system would do at start: nothing gets registered.
        expect(() => registerRecordKind({ call: registry.schemaCall, download: registry.schemaDownload, kinds: [] }, broken as RecordKind<WsTypes>), `${part}.${key}`).toThrow(key);
        expect(registry.list).toEqual([]);
      }
    }
  });

  it('refuses a kind registered twice, and a kind whose schemas are not its paths\' schemas', () => {
    const registry = createRegistry();
    const kinds = { call: registry.schemaCall, download: registry.schemaDownload, kinds: [] };
    registerRecordKind(kinds, WS_KIND);
    expect(() => registerRecordKind(kinds, WS_KIND)).toThrow('registered twice');
    const other = createRegistry();
    const swapped: RecordKind<WsTypes> = { ...WS_KIND, name: 'ec', topic: 'ec-records' };
    expect(() => registerRecordKind({ call: other.schemaCall, download: other.schemaDownload, kinds: [] }, swapped)).toThrow('not the contract');
  });
});
