import { DomainRunStatus, Role } from '@portal/contract';
import { createClient, createUser, manage, startDnsZone, workDomainRun, type TestUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, pick, signIn, startJourney, toast, type Journey } from './harness.js';

/**
 * Look-alike domains in the browser (issue 32): an analyst watches the demo brand's domain, runs the watch, reads the
 * candidates with their reasons (then in Japanese) and promotes one into a WS record, whose page opens. The portal
 * asks a DNS zone of the journey's own, where two omission look-alikes of sakura-beauty.jp answer 127.0.0.1 and a
 * transposition one has only mail; the run is worked by the test (test portals run no jobs).
 */

let j: Journey;
let zone: Awaited<ReturnType<typeof startDnsZone>>;
let analyst: TestUser;
let clientId = 0;

beforeAll(async () => {
  zone = await startDnsZone([
    { name: 'sakra-beauty.jp', type: 'A', data: '127.0.0.1' },
    { name: 'sakura-beuty.jp', type: 'A', data: '127.0.0.1' },
    { name: 'skaura-beauty.jp', type: 'MX', data: '10 mail.skaura-beauty.jp' },
  ]);
  j = await startJourney({ dnsServers: zone.server });
  clientId = await createClient(j.tp, 'Sakura Beauty');
  analyst = await createUser(j.tp, { role: Role.ANALYST, locale: 'en' });
  await manage(j.tp, analyst, clientId);
});
afterAll(async () => {
  await j?.close();
  await zone?.close();
});

describe('domain watch in the browser', () => {
  it('an analyst watches sakura-beauty.jp, runs it, reads the candidates and why, and promotes one into a WS record', async () => {
    const db = j.tp.portal.services.db;
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/domain-watch`);
    await page.getByTestId('dw-new').click();
    await eventually(async () => page.url()).toMatch(/\/domain-watch\/new$/);

    await pick(page, 'dw-client', 'Sakura Beauty', 'Sakura');
    await page.getByTestId('dw-domains').fill('sakura-beauty.jp');
    // Two fuzzers, so the run asks a few dozen names rather than thousands.
    await page.getByTestId('dw-fuzzers-none').click();
    await page.getByRole('checkbox', { name: /^omission/ }).check();
    await page.getByRole('checkbox', { name: /^transposition/ }).check();
    await page.getByTestId('dw-submit').click();
    await eventually(async () => page.url()).toMatch(/\/domain-watch\/\d+$/);
    const watchId = Number(/\/domain-watch\/(\d+)/.exec(page.url())?.[1]);

    // Run now: the page follows the run until it ends.
    await page.getByTestId('dw-run').click();
    await eventually(() => toast(page)).toContain('The run has started');
    const run = await db.selectFrom('domain_watch_run').select(['id', 'status']).where('watch_id', '=', watchId).executeTakeFirstOrThrow();
    expect(run.status).toBe(DomainRunStatus.RUNNING);
    await eventually(() => page.getByTestId('dw-run-progress').isVisible()).toBe(true);
    await workDomainRun(j.tp.portal.services, run.id);
    await eventually(() => page.getByTestId(`dw-run-row-${run.id}`).innerText()).toContain('Finished');
    await eventually(() => page.getByTestId(`dw-run-counts-${run.id}-registered`).innerText()).toContain('3');

    // The candidates, highest score first, each saying why.
    const candidates = page.getByTestId('dw-candidates');
    await eventually(() => candidates.innerText()).toContain('sakra-beauty.jp');
    const sakra = await db.selectFrom('domain_candidate').select('id').where('domain', '=', 'sakra-beauty.jp').executeTakeFirstOrThrow();
    const reasons = page.getByTestId(`dw-candidate-reasons-${sakra.id}`);
    await eventually(() => reasons.innerText()).toContain('A look-alike of sakura-beauty.jp (omission)');
    await expect(candidates.innerText()).resolves.toContain('skaura-beauty.jp');

    // In Japanese, the reasons too (the server writes them in the reader's language).
    await page.getByTestId('lang-ja').click();
    await eventually(async () => (await db.selectFrom('users').select('user_locale').where('user_id', '=', analyst.userId).executeTakeFirstOrThrow()).user_locale).toBe('ja');
    await page.reload();
    await eventually(() => page.getByTestId(`dw-candidate-reasons-${sakra.id}`).innerText()).toContain('sakura-beauty.jp の類似ドメイン（omission）');
    await eventually(() => page.locator('body').innerText()).toContain('WS レコードに昇格');

    // Promote one: a confirmation, a toast in the user's language, the record made, and its page.
    await page.getByTestId(`dw-select-${sakra.id}`).check();
    await page.getByTestId('dw-promote').click();
    await page.getByTestId('dw-promote-ok').click();
    await eventually(() => toast(page)).toContain('WS レコードを 1 件作成しました');
    const made = page.getByTestId('dw-promoted').getByRole('link');
    await eventually(() => made.innerText()).toContain('sakra-beauty.jp');
    const { record_id: recordId } = await db.selectFrom('domain_candidate').select('record_id').where('id', '=', sakra.id).executeTakeFirstOrThrow();
    expect(recordId).not.toBeNull();
    await made.click();
    await eventually(async () => page.url()).toMatch(new RegExp(`/ws-data/${clientId}/${recordId}$`));
    await eventually(() => page.locator('main').innerText()).toContain('sakra-beauty.jp');
  });
});
