import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { session } from '@portal/contract';
import { useSchemaForm, type FormSchema, type SchemaFormOptions } from './useSchemaForm';

// No DOM here: useState records what the hook sets, in call order (error, busy), and api.ts (which starts i18n)
// is left out; formError only needs its errorMessage.
const sets = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock('react', () => {
  let slot = 0;
  return {
    useState: (initial: unknown) => {
      const name = slot++ % 2 === 0 ? 'error' : 'busy';
      return [initial, (value: unknown) => sets.push([name, value])];
    },
    useRef: (initial: unknown) => ({ current: initial }),
  };
});
vi.mock('../platform/api', () => ({ errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)) }));

type Update = { name: string; tel: string };
const valid = { name: 'Hanako', tel: '' };

function useFinish(options: Partial<SchemaFormOptions<Update>>, values: unknown) {
  const form = useSchemaForm({
    schema: session.updateUserInfoInput,
    fields: { name: 'field.name' },
    onValid: async () => {},
    ...options,
  });
  return form.onFinish(values);
}

describe('useSchemaForm', () => {
  beforeEach(() => {
    sets.length = 0;
  });

  it('shows the first issue with its field and does not call', async () => {
    const onValid = vi.fn(async () => {});
    await useFinish({ onValid }, { name: '' });
    expect(onValid).not.toHaveBeenCalled();
    expect(sets).toEqual([['error', { key: 'validation.nameRequired', params: { minimum: 1 }, field: 'field.name' }]]);
  });

  it('calls with the parsed values and ends busy', async () => {
    const received: Update[] = [];
    const form = useSchemaForm({
      schema: session.updateUserInfoInput,
      fields: {},
      onValid: async (data) => {
        expectTypeOf(data).toEqualTypeOf<Update>(); // inferred from the schema where a page writes it
        received.push(data);
      },
    });
    await form.onFinish({ name: 'Hanako' });
    expect(received).toEqual([valid]); // tel defaulted by the schema
    expect(sets).toEqual([['busy', true], ['busy', false]]);
  });

  it('stays busy after a success that leaves the page', async () => {
    await useFinish({ keepBusyOnSuccess: true }, valid);
    expect(sets).toEqual([['busy', true]]);
  });

  it('shows a failure, ends busy, then hands it to onFailure', async () => {
    const failure = new Error('Mail already registered');
    const onFailure = vi.fn(() => expect(sets).toContainEqual(['error', { text: failure.message }]));
    await useFinish({ onValid: () => Promise.reject(failure), onFailure, keepBusyOnSuccess: true }, valid);
    expect(onFailure).toHaveBeenCalledWith(failure);
    expect(sets).toEqual([['busy', true], ['error', { text: failure.message }], ['busy', false]]);
  });

  it('hands onValid the output of the contract schema (checked by tsc)', () => {
    type DataOf<S> = S extends FormSchema<infer T> ? T : never;
    type Output<S extends { parse: (values: unknown) => unknown }> = ReturnType<S['parse']>;
    // Refined, defaulted and coerced schemas: the output differs from the input in each.
    expectTypeOf<DataOf<typeof session.signupInput>>().toEqualTypeOf<Output<typeof session.signupInput>>();
    expectTypeOf<DataOf<typeof session.updateUserInfoInput>>().toEqualTypeOf<Update>();
    expectTypeOf<DataOf<typeof session.userInfoInput>>().toEqualTypeOf<Output<typeof session.userInfoInput>>();
  });

  it('ignores a second submit while the first is in flight', async () => {
    let release: () => void = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const form = useSchemaForm({ schema: session.updateUserInfoInput, fields: { name: 'field.name' }, onValid });
    const first = form.onFinish(valid);
    await form.onFinish(valid);
    release();
    await first;
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});
