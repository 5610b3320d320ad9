import { describe, expectTypeOf, it } from 'vitest';
import type { ReportKind } from './reports/ReportPanel';
import type { KindTypes, RecordCalls, RecordDetailParts, RecordKind, RecordListView } from './kind';

/**
 * The kind descriptions are complete by type: no member is optional, so a kind (EC, WS, SNS, or a new one) that
 * forgets a part does not type-check (`tsc -p packages/web` runs over this file; vitest runs it too).
 */

/** The keys of T that may be left out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

interface SampleTypes extends KindTypes {
  record: { id: number };
}

describe('record kind descriptions', () => {
  it('have no optional member', () => {
    expectTypeOf<OptionalKeys<RecordKind<SampleTypes>>>().toEqualTypeOf<never>();
    expectTypeOf<OptionalKeys<RecordCalls<SampleTypes>>>().toEqualTypeOf<never>();
    expectTypeOf<OptionalKeys<RecordDetailParts<SampleTypes>>>().toEqualTypeOf<never>();
    expectTypeOf<OptionalKeys<RecordListView<SampleTypes['record']>>>().toEqualTypeOf<never>();
    expectTypeOf<OptionalKeys<ReportKind<SampleTypes['record']>>>().toEqualTypeOf<never>();
  });

  it('refuse a kind without one of its parts', () => {
    type WithoutPublished = Omit<RecordKind<SampleTypes>, 'published'>;
    expectTypeOf<WithoutPublished>().not.toMatchTypeOf<RecordKind<SampleTypes>>();
    type WithoutSections = Omit<RecordDetailParts<SampleTypes>, 'Sections'>;
    expectTypeOf<WithoutSections>().not.toMatchTypeOf<RecordDetailParts<SampleTypes>>();
    type WithoutBatch = Omit<RecordCalls<SampleTypes>, 'batch'>;
    expectTypeOf<WithoutBatch>().not.toMatchTypeOf<RecordCalls<SampleTypes>>();
  });
});
