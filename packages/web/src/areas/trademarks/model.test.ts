import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { trademarks, type Trademark } from '@portal/contract';
import { REGIONAL_OFFICES, TRADEMARK_REGISTRIES, trademarkRegionName } from '@portal/contract/trademark-lists';
import {
  INITIAL_CONDITIONS,
  NO_FILTERS,
  REQUEST_IMAGE_KINDS,
  TRADEMARK_IMAGE_KINDS,
  acceptOf,
  changedFields,
  emptyTrademark,
  fileProblem,
  filtersFromTable,
  imageUrl,
  issue,
  matchesOption,
  payloadOf,
  regionFromQuery,
  registryGroups,
  searchInput,
  trademarkValuesOf,
  withFirstRule,
} from './model';

const saved: Trademark = {
  trademark_id: 12,
  trademark_client_id: 3,
  client_name: 'Acme',
  trademark_no: 'T-100',
  trademark_region: 'JP',
  trademark_type: '25',
  trademark_text: 'ACME',
  trademark_image: 'abc.png',
  trademark_register_date: '2024-01-15',
  trademark_invalid_date: '2034-01-15',
  trademark_remind_flag: true,
  trademark_belongsto: 'Acme Inc.',
  trademark_description_ja: '被服',
  trademark_description_en: 'Clothing',
  trademark_description_cn: '',
  trademark_status: 1,
  trademark_remarks: '',
  trademark_updated_at: '2024-01-15T00:00:00Z',
};

/** What the detail form submits when the user changed `change` (validated with the contract, as the page does). */
function submitted(change: Partial<ReturnType<typeof emptyTrademark>>) {
  const values = { ...trademarkValuesOf(saved, (v) => dayjs(v)), ...change };
  const parsed = trademarks.updateTrademarkInput.safeParse({ trademarkId: saved.trademark_id, ...payloadOf(values) });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  return parsed.data;
}

describe('changed fields of the detail form', () => {
  it('is the id alone when the form holds the saved trademark', () => {
    expect(changedFields(saved, submitted({}))).toEqual({ trademarkId: 12 });
  });

  it('sends only what differs, trimmed as the contract saves it', () => {
    expect(changedFields(saved, submitted({ remarks: ' checked ', status: 2, no: 'T-100 ' }))).toEqual({ trademarkId: 12, remarks: 'checked', status: 2 });
  });

  it('sends the blank status as null, a removed image as null, a cleared date as null', () => {
    expect(changedFields(saved, submitted({ status: '', image: null, invalidDate: null }))).toEqual({
      trademarkId: 12,
      status: null,
      image: null,
      invalidDate: null,
    });
  });

  it('compares dates by day and the genre as the class number', () => {
    expect(changedFields(saved, submitted({ registerDate: dayjs('2024-01-16'), type: '25' }))).toEqual({ trademarkId: 12, registerDate: '2024-01-16' });
    expect(changedFields({ ...saved, trademark_register_date: '2024-01-15T00:00:00.000Z' }, submitted({}))).toEqual({ trademarkId: 12 });
  });

  it('turns the form values into the payload (dates as YYYY-MM-DD or null, no client)', () => {
    const payload = payloadOf({ ...emptyTrademark(), clientId: 3, registerDate: dayjs('2025-03-04') });
    expect(payload).toMatchObject({ registerDate: '2025-03-04', invalidDate: null, status: '', image: null });
    expect(payload).not.toHaveProperty('clientId');
  });
});

describe('the first rule before the contract', () => {
  const schema = withFirstRule(trademarks.createTrademarkInput, (v) =>
    (v as { clientId?: number }).clientId === undefined ? issue('validation.trademarkClientRequired', 'clientId') : null,
  );

  it('puts its issue first, before the contract issues', () => {
    const result = schema.safeParse(payloadOf(emptyTrademark()));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.message).slice(0, 2)).toEqual(['validation.trademarkClientRequired', 'validation.trademarkNoRequired']);
  });

  it('refuses a payload the contract accepts', () => {
    const full = { ...payloadOf({ ...emptyTrademark(), region: 'JP', no: 'T-1', type: '25', text: 'ACME' }) };
    expect(trademarks.createTrademarkInput.safeParse(full).success).toBe(true);
    expect(schema.safeParse(full).success).toBe(false);
    expect(schema.safeParse({ ...full, clientId: 3 }).success).toBe(true);
  });
});

describe('the search input', () => {
  it('sends the conditions, the page and no filters by default', () => {
    const input = searchInput({ conditions: INITIAL_CONDITIONS, filters: NO_FILTERS, sort: null, current: 1, pageSize: 20 });
    expect(input).toEqual({ ...INITIAL_CONDITIONS, filters: {}, current: 1, pageSize: 20 });
    expect(trademarks.searchTrademarksInput.safeParse(input).success).toBe(true);
  });

  it('sends the chosen filters (the blank status as null), the sort and the client user company', () => {
    const filters = filtersFromTable({ client: [4, '5'], region: ['JP'], type: ['25', 9], status: [1, 'blank', 'nonsense'], other: ['x'] });
    expect(filters).toEqual({ client: [4, 5], region: ['JP'], type: ['25', '9'], status: [1, 'blank'] });
    const input = searchInput({ conditions: INITIAL_CONDITIONS, filters, sort: { field: 'trademark_no', order: 'descend' }, current: 3, pageSize: 50, clientId: 7 });
    expect(input).toMatchObject({
      clientId: 7,
      filters: { clientId: [4, 5], region: ['JP'], type: ['25', '9'], status: [1, null] },
      sort: { field: 'trademark_no', order: 'descend' },
      current: 3,
      pageSize: 50,
    });
    expect(trademarks.searchTrademarksInput.safeParse(input).success).toBe(true);
  });

  it('reads a cleared table filter as none', () => {
    expect(filtersFromTable({ client: null, region: null, status: undefined })).toEqual(NO_FILTERS);
  });

  it('takes ?region= as the first region filter when it is a region code', () => {
    expect(regionFromQuery('JP')).toEqual(['JP']);
    expect(regionFromQuery('jp')).toEqual(['JP']);
    expect(regionFromQuery(null)).toEqual([]);
    expect(regionFromQuery('Japan')).toEqual([]);
  });
});

describe('file checks', () => {
  const mb = 1024 * 1024;
  it('accepts the trademark image types by extension, in any case', () => {
    expect(acceptOf(TRADEMARK_IMAGE_KINDS)).toBe('.png,.jpg,.jpeg');
    expect(fileProblem({ name: 'logo.PNG', size: 1000 }, TRADEMARK_IMAGE_KINDS)).toBeNull();
    expect(fileProblem({ name: 'logo.jpeg', size: 1000 }, TRADEMARK_IMAGE_KINDS)).toBeNull();
    expect(fileProblem({ name: 'logo.gif', size: 1000 }, TRADEMARK_IMAGE_KINDS)).toBe('type');
    expect(fileProblem({ name: 'logo', size: 1000 }, TRADEMARK_IMAGE_KINDS)).toBe('type');
  });

  it('accepts bmp and gif on a request', () => {
    expect(acceptOf(REQUEST_IMAGE_KINDS)).toBe('.png,.jpg,.jpeg,.bmp,.gif');
    expect(fileProblem({ name: 'mark.gif', size: 1000 }, REQUEST_IMAGE_KINDS)).toBeNull();
    expect(fileProblem({ name: 'mark.webp', size: 1000 }, REQUEST_IMAGE_KINDS)).toBe('type');
  });

  it('allows 10 MB and no more', () => {
    expect(fileProblem({ name: 'a.png', size: 10 * mb }, TRADEMARK_IMAGE_KINDS)).toBeNull();
    expect(fileProblem({ name: 'a.png', size: 10 * mb + 1 }, TRADEMARK_IMAGE_KINDS)).toBe('size');
  });
});

describe('names and options', () => {
  it('builds the image address with the client', () => {
    expect(imageUrl('a b.png', 3)).toBe('/api/trademark/get-trademark-image?name=a+b.png&clientId=3');
  });

  it('groups every registry, organisations first, then countries by name', () => {
    const groups = registryGroups(TRADEMARK_REGISTRIES, (code) => trademarkRegionName(code, 'en'), 'en', REGIONAL_OFFICES.map((o) => o.code));
    expect(groups.flatMap((g) => g.options)).toHaveLength(TRADEMARK_REGISTRIES.length);
    expect(groups.slice(0, 5).map((g) => g.code)).toEqual(['WO', 'EM', 'BX', 'OA', 'AP']);
    const countries = groups.slice(5).map((g) => g.label);
    expect(countries).toEqual([...countries].sort((a, b) => a.localeCompare(b, 'en')));
    const japan = groups.find((g) => g.code === 'JP');
    expect(japan?.label).toBe('Japan');
    expect(japan?.options[0]?.label).toContain('Japan Patent Office (JPO) — J-PlatPat');
    expect(japan?.options[0]?.search).toContain('japan');
  });

  it('labels registries in Japanese', () => {
    const groups = registryGroups(TRADEMARK_REGISTRIES, (code) => trademarkRegionName(code, 'ja'), 'ja', []);
    expect(groups.find((g) => g.code === 'JP')?.options[0]?.label).toMatch(/^特許庁 — /);
  });

  it('matches a region by name or by its code', () => {
    expect(matchesOption('jap', { value: 'JP', label: 'Japan' })).toBe(true);
    expect(matchesOption('jp', { value: 'JP', label: 'Japan' })).toBe(true);
    expect(matchesOption('j', { value: 'US', label: 'United States' })).toBe(false);
  });
});
