import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRecords, insertReport, insertSubcategory } from '../packages/server/src/kinds/ec/fixtures.js';
import { startTriageQueue, type TriageQueue } from '../packages/server/src/areas/triage/evaluate.js';
import { eventually, pick, signIn, startJourney, toast, type Journey } from './harness.js';

/**
 * Issue 19: an analyst writes a triage rule on the client's Data settings, sees its backtest as they type, saves it;
 * the evaluation job (pg-boss, as in production) suggests categories; the analyst accepts the suggestions of the
 * whole search result in the EC list and undoes that batch.
 */
let j: Journey;
let queue: TriageQueue;
beforeAll(async () => {
  j = await startJourney();
  queue = await startTriageQueue(j.tp.portal.services, j.tp.portal.database.pool);
});
afterAll(async () => {
  await queue?.stop();
  await j?.close();
});

describe('triage rules in the browser', () => {
  it('an analyst writes a rule, backtests it, saves it, accepts its suggestions for a report and undoes the batch', async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Sakura Triage');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Rin Analyst' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const fake = await insertSubcategory(j.tp, 'E2E-FAKE', 3);
    const other = await insertSubcategory(j.tp, 'E2E-OTHER', 1);
    // Categorized earlier: 3 replicas were counterfeits, 1 was not; a new report of 3 replicas and a genuine listing.
    const old = await insertReport(j.tp, clientId, 'September');
    await insertRecords(j.tp, clientId, old, [
      { ec_product_title: 'Sakura serum replica A', ec_category_id: fake, ec_category_common_type_id: 3 },
      { ec_product_title: 'Sakura serum replica B', ec_category_id: fake, ec_category_common_type_id: 3 },
      { ec_product_title: 'Sakura cream replica', ec_category_id: fake, ec_category_common_type_id: 3 },
      { ec_product_title: 'Replica stand for displays', ec_category_id: other, ec_category_common_type_id: 1 },
    ]);
    const october = await insertReport(j.tp, clientId, 'October');
    const fresh = await insertRecords(j.tp, clientId, october, [
      { ec_product_title: 'Sakura serum REPLICA 30ml' },
      { ec_product_title: 'Sakura lotion replica' },
      { ec_product_title: 'Sakura mask replica set' },
      { ec_product_title: 'Sakura serum official' },
    ]);

    // 1. The rule editor on the client's Data settings: the backtest answers as the rule takes shape.
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/manage/client/${clientId}`);
    await page.getByRole('tab', { name: 'Data settings' }).click();
    await page.getByRole('tab', { name: 'Triage rules' }).click();
    await page.getByTestId('triage-new-rule').click();
    await page.getByTestId('triage-rule-name').fill('Replica in the title');
    await page.getByTestId('triage-condition-0-values').click();
    await page.keyboard.type('replica');
    await page.keyboard.press('Enter');
    await pick(page, 'triage-rule-category', 'Sub E2E-FAKE', 'FAKE');
    await eventually(() => page.getByTestId('triage-backtest-summary').innerText()).toContain('Of 4 matched records, analysts put 3');
    expect(await page.getByTestId('triage-backtest').innerText()).toContain('75.0 %');
    await j.screenshot(page, 'triage-rule-editor-en');

    // 2. Saved: the job suggests the category on the new replicas, with the trace.
    await page.getByTestId('triage-rule-save').click();
    await eventually(() => toast(page)).toContain('Rule saved');
    await eventually(async () => (await db.selectFrom('triage_suggestion').select('record_id').where('client_id', '=', clientId).execute()).length).toBe(7);

    // 3. The EC list of the client, only records with a suggestion: accept the whole search result, then undo.
    await page.goto(`${j.baseUrl}/ec-list?clientId=${clientId}&suggested=any`);
    await page.getByTestId(`triage-suggested-${fresh[0]}`).waitFor();
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 7');
    await page.getByTestId(`triage-suggested-${fresh[0]}`).hover();
    await eventually(() => page.getByTestId('triage-trace').first().innerText()).toContain('replica');
    await page.getByTestId('ec-triage-accept').hover();
    await page.getByText('The whole search result').click();
    // The analysts' own "Replica stand" already has its category: not counted, so 3 new ones and that one's change.
    await eventually(() => page.getByTestId('triage-accept-confirm-text').innerText()).toContain('on 4 records');
    await page.getByTestId('triage-accept-confirm').click();
    await eventually(() => toast(page)).toContain('Suggestions accepted on 4 records.');
    const categories = async () =>
      (await db.selectFrom('ec_record').select(['ec_id', 'ec_category_id']).where('report_id', '=', october).orderBy('ec_id').execute()).map((r) => r.ec_category_id);
    expect(await categories()).toEqual([fake, fake, fake, null]);
    await j.screenshot(page, 'triage-accepted-en');

    await page.getByTestId('ec-undo-batch').click();
    await page.getByTestId('ec-undo-confirm').click();
    await eventually(() => toast(page)).toContain('4');
    await eventually(categories).toEqual([null, null, null, null]);
    const history = await db.selectFrom('ec_record_history').select(['source']).where('record_id', '=', fresh[0]!).orderBy('id').execute();
    expect(history.map((h) => h.source)).toEqual(['triage-accept', 'batch-undo']);
  });
});
