import type { CallPath } from '@portal/contract';
import { sql } from 'kysely';
import { HEADER_EN, listing, xlsxOf } from '../kinds/ec/report-fixtures.js';
import { insertSubcategory } from '../kinds/ec/fixtures.js';
import { SNS_HEADER_EN, post } from '../kinds/sns/fixtures.js';
import { WS_HEADER_EN, site } from '../kinds/ws/fixtures.js';
import { PNG_1X1 } from './images.js';
import type { Envelope, TestFile, TestPortal, TestUser } from './index.js';

/**
 * For the guard test: one real object of every kind a client owns, and a valid payload for every call that
 * writes a client's data, so that an outsider's 403 is the manager rule (not validation) and a manager's run of
 * the same payloads succeeds. The list is in an order in which a manager can run all of it.
 */
export interface ClientObjects {
  clientId: number;
  brandId: number;
  keywordId: number;
  modelId: number;
  productCategoryId: number;
  columnId: number;
  urlId: number;
  wordId: number;
  letterId: number;
  subcategoryId: number;
  ecReportId: number;
  ecRecordIds: number[];
  evidenceName: string;
  wsReportId: number;
  wsRecordIds: number[];
  snsReportId: number;
  snsRecordIds: number[];
  /** The manager's batch update of each kind (the undo's fixtures undo it). */
  batchIds: Record<'ec' | 'ws' | 'sns', number>;
  trademarkId: number;
  pendingImage: string;
  purchaseId: number;
  serviceRequestId: number;
  serviceFileName: string;
  crawlSite: string;
  taskId: number;
  subtaskId: number;
  triageRuleId: number;
  webhookId: number;
  watchId: number;
  /** A second watch, for run-now (the first is removed by its fixture). */
  runWatchId: number;
  domainWatchId: number;
  domainCandidateId: number;
  genuinePhotoId: number;
}

export interface WriteFixture {
  path: CallPath;
  payload: (o: ClientObjects) => Record<string, unknown>;
  /** An upload's file (the payload's fields go as text parts). */
  file?: (o: ClientObjects) => Promise<TestFile>;
}

/** A small but whole PDF: header, one object, trailer and end marker. */
export const PDF_MINIMAL = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const pdf = async (): Promise<TestFile> => ({ name: 'answer.pdf', bytes: PDF_MINIMAL, contentType: 'application/pdf' });
const png = async (): Promise<TestFile> => ({ name: 'shot.png', bytes: PNG_1X1, contentType: 'image/png' });
let sheetNo = 1000;
const ecSheet = async (): Promise<TestFile> => ({ name: 'ec.xlsx', bytes: await xlsxOf(HEADER_EN, [listing((sheetNo += 1))]) });
const wsSheet = async (): Promise<TestFile> => ({ name: 'ws.xlsx', bytes: await xlsxOf(WS_HEADER_EN, [site((sheetNo += 1))]) });
const snsSheet = async (): Promise<TestFile> => ({ name: 'sns.xlsx', bytes: await xlsxOf(SNS_HEADER_EN, [post((sheetNo += 1))]) });
const triageRule = { kind: 'ws', name: 'Seed rule', conditions: [{ type: 'words', match: 'any', words: ['seed'] }], subcategoryId: 3 };
const letter = { region: 'CN', startDate: '2026-01-01', endDate: '2026-12-31', remindFlag: false };
const mark = { no: 'TM-2', region: 'JP', type: '25', text: 'ACME' };

export const WRITE_FIXTURES: WriteFixture[] = [
  { path: '/api/analyst/create-brand', payload: (o) => ({ clientId: o.clientId, brand: 'Second brand' }) },
  { path: '/api/analyst/update-brand', payload: (o) => ({ clientId: o.clientId, brandId: o.brandId, brand: 'Renamed brand' }) },
  { path: '/api/analyst/create-brand-keyword', payload: (o) => ({ clientId: o.clientId, brandId: o.brandId, keywordName: 'second' }) },
  { path: '/api/analyst/update-brand-keyword', payload: (o) => ({ clientId: o.clientId, brandId: o.brandId, keywordId: o.keywordId, keywordName: 'renamed' }) },
  { path: '/api/analyst/remove-brand-keyword', payload: (o) => ({ clientId: o.clientId, brandId: o.brandId, keywordId: o.keywordId }) },
  { path: '/api/analyst/create-brand-model', payload: (o) => ({ clientId: o.clientId, brandId: o.brandId, brandModelName: 'M-2', brandModelPrice: '9.5' }) },
  {
    path: '/api/analyst/update-brand-model',
    payload: (o) => ({ clientId: o.clientId, brandId: o.brandId, brandModelId: o.modelId, brandModelName: 'M-1b', brandModelPrice: '10' }),
  },
  { path: '/api/analyst/remove-brand-model', payload: (o) => ({ clientId: o.clientId, brandId: o.brandId, brandModelId: o.modelId }) },
  { path: '/api/analyst/remove-brand', payload: (o) => ({ clientId: o.clientId, brandId: o.brandId }) },
  { path: '/api/analyst/create-product-category', payload: (o) => ({ clientId: o.clientId, name: 'Shoes', nameEn: 'Shoes', code: 'SH' }) },
  { path: '/api/analyst/update-product-category', payload: (o) => ({ clientId: o.clientId, categoryId: o.productCategoryId, name: 'Bags+', nameEn: 'Bags+', code: 'BG' }) },
  { path: '/api/analyst/remove-product-category', payload: (o) => ({ clientId: o.clientId, categoryId: o.productCategoryId }) },
  { path: '/api/analyst/create-custom-column', payload: (o) => ({ clientId: o.clientId, name: 'Fee', category: 2, position: 'ec_product_price', order: 2 }) },
  {
    path: '/api/analyst/update-custom-column',
    payload: (o) => ({ clientId: o.clientId, columnId: o.columnId, name: 'Memo+', category: 2, position: 'ec_product_price', order: 1 }),
  },
  { path: '/api/analyst/remove-custom-column', payload: (o) => ({ clientId: o.clientId, columnId: o.columnId }) },
  { path: '/api/analyst/create-special-url', payload: (o) => ({ clientId: o.clientId, type: 2, url: 'https://fake-two.example/' }) },
  { path: '/api/analyst/update-special-url', payload: (o) => ({ clientId: o.clientId, urlId: o.urlId, url: 'https://fake-three.example/' }) },
  { path: '/api/analyst/remove-special-url', payload: (o) => ({ clientId: o.clientId, urlId: o.urlId }) },
  { path: '/api/analyst/create-special-word', payload: (o) => ({ clientId: o.clientId, type: 1, word: 'fits' }) },
  { path: '/api/analyst/update-special-word', payload: (o) => ({ clientId: o.clientId, wordId: o.wordId, word: 'suits' }) },
  { path: '/api/analyst/remove-special-word', payload: (o) => ({ clientId: o.clientId, wordId: o.wordId }) },
  { path: '/api/analyst/create-attorney-letter', payload: (o) => ({ clientId: o.clientId, ...letter, region: 'US' }) },
  { path: '/api/analyst/update-attorney-letter', payload: (o) => ({ clientId: o.clientId, letterId: o.letterId, ...letter, remindFlag: true }) },
  { path: '/api/analyst/remove-attorney-letter', payload: (o) => ({ clientId: o.clientId, letterId: o.letterId }) },
  { path: '/api/analyst/set-trademark-countries', payload: (o) => ({ clientId: o.clientId, regions: 'JP,US' }) },
  { path: '/api/analyst/set-impact-settings', payload: (o) => ({ clientId: o.clientId, priceType: 2, price: 30, countType: 3, count: 10, radio: 50 }) },
  { path: '/api/analyst/set-recheck-settings', payload: (o) => ({ clientId: o.clientId, days: 5 }) },

  { path: '/api/ec-data/undo-batch', payload: (o) => ({ clientId: o.clientId, batchId: o.batchIds.ec }) },
  { path: '/api/ec-report/upload-report', payload: (o) => ({ clientId: o.clientId }), file: ecSheet },
  {
    path: '/api/ec-report/batch-update',
    payload: (o) => ({ clientId: o.clientId }),
    file: async (o) => ({ name: 'update.xlsx', bytes: await xlsxOf(['ID', 'Comments'], [[o.ecRecordIds[0]!, 'changed']]) }),
  },
  { path: '/api/ec-report/inherit-records', payload: (o) => ({ clientId: o.clientId, reportId: o.ecReportId }) },
  { path: '/api/ec-report/delete-repeat-records', payload: (o) => ({ clientId: o.clientId, reportId: o.ecReportId }) },
  { path: '/api/ec-report/post-report', payload: (o) => ({ clientId: o.clientId, reportId: o.ecReportId, sendUncategorizRecords: true }) },
  { path: '/api/ec-data/update-record', payload: (o) => ({ clientId: o.clientId, recordId: o.ecRecordIds[0], categorizeDate: '2026-05-10', categoryId: o.subcategoryId, trademarkId: o.trademarkId }) },
  { path: '/api/ec-data/batch-update-category', payload: (o) => ({ clientId: o.clientId, recordIds: o.ecRecordIds, commoncategoryId: 4 }) },
  { path: '/api/ec-data/upload-image', payload: (o) => ({ clientId: o.clientId, recordId: o.ecRecordIds[0] }), file: png },
  // The first record now names the trademark (update-record above) and has a screenshot: nothing stops its notice.
  { path: '/api/takedown/compose', payload: (o) => ({ clientId: o.clientId, kind: 'ec', recordIds: o.ecRecordIds, channel: 'ebay-vero' }) },
  { path: '/api/takedown/mark-sent', payload: (o) => ({ clientId: o.clientId, kind: 'ec', recordIds: [o.ecRecordIds[0]], channel: 'ebay-vero' }) },
  { path: '/api/evidence/capture', payload: (o) => ({ clientId: o.clientId, kind: 'ec', recordId: o.ecRecordIds[0] }) },
  { path: '/api/evidence/capture-batch', payload: (o) => ({ clientId: o.clientId, kind: 'ec', recordIds: o.ecRecordIds }) },
  { path: '/api/ec-data/delete-upload-pic', payload: (o) => ({ clientId: o.clientId, recordId: o.ecRecordIds[0], name: o.evidenceName }) },
  { path: '/api/ec-report/remove-report', payload: (o) => ({ clientId: o.clientId, reportId: o.ecReportId }) },

  { path: '/api/ws-data/undo-batch', payload: (o) => ({ clientId: o.clientId, batchId: o.batchIds.ws }) },
  { path: '/api/ws-report/upload-report', payload: (o) => ({ clientId: o.clientId }), file: wsSheet },
  {
    path: '/api/ws-report/batch-update',
    payload: (o) => ({ clientId: o.clientId }),
    file: async (o) => ({ name: 'update.xlsx', bytes: await xlsxOf(['ID', 'Comments'], [[o.wsRecordIds[0]!, 'changed']]) }),
  },
  { path: '/api/ws-report/post-report', payload: (o) => ({ clientId: o.clientId, reportId: o.wsReportId, sendUncategorizRecords: true }) },
  {
    path: '/api/ws-data/update-record',
    payload: (o) => ({ clientId: o.clientId, recordId: o.wsRecordIds[0], categorizeDate: '2026-06-01', categoryId: 11, process1Result: 1, process1Date: '2026-06-02' }),
  },
  { path: '/api/ws-data/batch-update-category', payload: (o) => ({ clientId: o.clientId, recordIds: o.wsRecordIds, categoryId: 11 }) },
  { path: '/api/ws-report/remove-report', payload: (o) => ({ clientId: o.clientId, reportId: o.wsReportId }) },

  { path: '/api/sns-data/undo-batch', payload: (o) => ({ clientId: o.clientId, batchId: o.batchIds.sns }) },
  { path: '/api/sns-report/upload-report', payload: (o) => ({ clientId: o.clientId }), file: snsSheet },
  {
    path: '/api/sns-report/batch-update',
    payload: (o) => ({ clientId: o.clientId }),
    file: async (o) => ({ name: 'update.xlsx', bytes: await xlsxOf(['ID', 'Comments'], [[o.snsRecordIds[0]!, 'changed']]) }),
  },
  { path: '/api/sns-report/post-report', payload: (o) => ({ clientId: o.clientId, reportId: o.snsReportId, sendUncategorizRecords: true }) },
  {
    path: '/api/sns-data/update-record',
    payload: (o) => ({ clientId: o.clientId, recordId: o.snsRecordIds[0], categorizeDate: '2026-06-01', categoryId: 5, process1Result: 1, process1Date: '2026-06-02' }),
  },
  { path: '/api/sns-data/batch-update-category', payload: (o) => ({ clientId: o.clientId, recordIds: o.snsRecordIds, categoryId: 3 }) },
  { path: '/api/sns-report/remove-report', payload: (o) => ({ clientId: o.clientId, reportId: o.snsReportId }) },

  { path: '/api/service-request/create', payload: (o) => ({ clientId: o.clientId, type: 'renewal', title: 'Renew TM-2', fields: { trademarkId: o.trademarkId } }) },
  { path: '/api/service-request/upload-file', payload: (o) => ({ requestId: o.serviceRequestId }), file: pdf },
  { path: '/api/service-request/add-message', payload: (o) => ({ requestId: o.serviceRequestId, body: 'Here it is', files: [o.serviceFileName] }) },
  { path: '/api/service-request/update', payload: (o) => ({ requestId: o.serviceRequestId, status: 2, fee: 30000, currency: 'JPY' }) },
  { path: '/api/service-request/remove', payload: (o) => ({ requestId: o.serviceRequestId }) },

  { path: '/api/client-settings/upload-genuine-photos', payload: (o) => ({ clientId: o.clientId, brand: 'Seed' }), file: png },
  { path: '/api/client-settings/set-picture-settings', payload: (o) => ({ clientId: o.clientId, samePhotoDistance: 8 }) },
  { path: '/api/client-settings/remove-genuine-photo', payload: (o) => ({ photoId: o.genuinePhotoId }) },

  { path: '/api/trademark/create-trademark', payload: (o) => ({ clientId: o.clientId, ...mark, no: 'TM-3' }) },
  { path: '/api/trademark/update-trademark', payload: (o) => ({ trademarkId: o.trademarkId, remarks: 'checked' }) },
  { path: '/api/trademark/upload-image', payload: (o) => ({ clientId: o.clientId, trademarkId: o.trademarkId }), file: png },
  { path: '/api/trademark/remove-image', payload: (o) => ({ clientId: o.clientId, name: o.pendingImage }) },
  { path: '/api/trademark/remove-trademark', payload: (o) => ({ trademarkId: o.trademarkId }) },

  { path: '/api/test-purchase/add', payload: (o) => ({ client: o.clientId, region: 'CN', site: 'Taobao', count: 2 }) },
  { path: '/api/test-purchase/update', payload: (o) => ({ id: o.purchaseId, client: o.clientId, region: 'US', site: 'Amazon', count: 3 }) },
  { path: '/api/test-purchase/remove', payload: (o) => ({ id: o.purchaseId }) },

  { path: '/api/ec-crawler-task/create', payload: (o) => ({ clientId: o.clientId, planStartDate: '2026-07-01', title: 'Sweep', type: 0, subtasksInfo: [{ site: o.crawlSite, keyword: 'bag', startUrl: 'https://shop.example/s?q=bag' }] }) },
  { path: '/api/ec-crawler-task/update', payload: (o) => ({ taskId: o.taskId, title: 'Renamed sweep' }) },
  { path: '/api/ec-crawler-subtask/create', payload: (o) => ({ taskId: o.taskId, detail: { site: o.crawlSite, keyword: 'wallet', startUrl: 'https://shop.example/s?q=wallet', targetCount: 5 } }) },
  { path: '/api/ec-crawler-subtask/update', payload: (o) => ({ taskId: o.taskId, subtaskId: o.subtaskId, keyword: 'belt' }) },
  { path: '/api/ec-crawler-task/clone', payload: (o) => ({ taskId: o.taskId }) },
  { path: '/api/ec-crawler-subtask/remove', payload: (o) => ({ subtaskId: o.subtaskId }) },
  { path: '/api/ec-crawler-command/start', payload: (o) => ({ taskId: o.taskId, subtaskIds: [] }) },
  { path: '/api/ec-crawler-command/stop', payload: (o) => ({ taskId: o.taskId, subtaskIds: [] }) },
  { path: '/api/watch/create', payload: (o) => ({ clientId: o.clientId, name: 'Bags', sources: [{ site: o.crawlSite, keyword: 'bag', startUrl: 'https://shop.example/s?q=bag' }], schedule: { every: 'hours', hours: 6 }, targetCount: 10 }) },
  { path: '/api/watch/create-from-task', payload: (o) => ({ taskId: o.taskId, schedule: { every: 'day', at: '09:00' } }) },
  { path: '/api/watch/update', payload: (o) => ({ watchId: o.watchId, name: 'Renamed watch' }) },
  { path: '/api/watch/pause', payload: (o) => ({ watchId: o.watchId }) },
  { path: '/api/watch/resume', payload: (o) => ({ watchId: o.watchId }) },
  { path: '/api/watch/remove', payload: (o) => ({ watchId: o.watchId }) },
  { path: '/api/watch/run-now', payload: (o) => ({ watchId: o.runWatchId }) },
  { path: '/api/domain-watch/create', payload: (o) => ({ clientId: o.clientId, domains: ['othershop.com'], fuzzers: ['omission'] }) },
  { path: '/api/domain-watch/update', payload: (o) => ({ watchId: o.domainWatchId, words: ['shop'] }) },
  { path: '/api/domain-watch/promote', payload: (o) => ({ candidateIds: [o.domainCandidateId] }) },
  { path: '/api/domain-watch/dismiss', payload: (o) => ({ candidateIds: [o.domainCandidateId] }) },
  { path: '/api/domain-watch/run-now', payload: (o) => ({ watchId: o.domainWatchId }) },
  { path: '/api/domain-watch/remove', payload: (o) => ({ watchId: o.domainWatchId }) },
  { path: '/api/user/update-alert-settings', payload: (o) => ({ clientId: o.clientId, events: { 'listings.new': 'mail' } }) },
  { path: '/api/ec-crawler-task/remove', payload: (o) => ({ taskId: o.taskId }) },

  { path: '/api/triage/create-rule', payload: (o) => ({ clientId: o.clientId, rule: triageRule }) },
  { path: '/api/triage/update-rule', payload: (o) => ({ clientId: o.clientId, ruleId: o.triageRuleId, rule: { ...triageRule, name: 'Renamed rule' } }) },
  { path: '/api/triage/move-rule', payload: (o) => ({ clientId: o.clientId, ruleId: o.triageRuleId, position: 1 }) },
  { path: '/api/triage/backtest', payload: (o) => ({ clientId: o.clientId, rule: triageRule }) },
  { path: '/api/triage/evaluate', payload: (o) => ({ clientId: o.clientId }) },
  { path: '/api/triage/accept-suggestions', payload: (o) => ({ clientId: o.clientId, target: { kind: 'ws', recordIds: o.wsRecordIds } }) },
  { path: '/api/triage/remove-rule', payload: (o) => ({ clientId: o.clientId, ruleId: o.triageRuleId }) },

  { path: '/api/webhook/create', payload: (o) => ({ clientId: o.clientId, url: `${WEBHOOK_ORIGIN}/other`, events: ['records.posted'] }) },
  { path: '/api/webhook/update', payload: (o) => ({ endpointId: o.webhookId, events: ['records.posted', 'takedown.result'] }) },
  { path: '/api/webhook/send-test', payload: (o) => ({ endpointId: o.webhookId }) },
  { path: '/api/webhook/remove', payload: (o) => ({ endpointId: o.webhookId }) },
];

/** The seeded webhook endpoints' origin: exempted from the private-address rule, so no name is looked up. */
const WEBHOOK_ORIGIN = 'https://receiver.webhook.test';

/** Runs one fixture as the user given. */
export function runFixture(tp: TestPortal, f: WriteFixture, o: ClientObjects, user: TestUser): Promise<{ status: number; body: Envelope }> {
  const payload = f.payload(o);
  if (!f.file) return tp.post(f.path, payload, { token: user.token });
  const fields = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
  return f.file(o).then((file) => tp.upload(f.path, fields, file, { token: user.token }));
}

/** Creates one object of every kind for the client, through the calls themselves, as one of its managers. */
export async function seedClientObjects(tp: TestPortal, clientId: number, manager: TestUser): Promise<ClientObjects> {
  const db = tp.portal.services.db;
  const ok = async (path: CallPath, body: Record<string, unknown>, file?: TestFile) => {
    const res = file
      ? await tp.upload(path, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), file, { token: manager.token })
      : await tp.post(path, body, { token: manager.token });
    if (res.body.code !== 0) throw new Error(`seeding ${path}: ${res.body.message}`);
    return res.body.data as Record<string, unknown>;
  };
  const firstId = <T>(list: T[], key: keyof T) => Number(list[0]![key]);
  const brand = await ok('/api/analyst/create-brand', { clientId, brand: 'Seed brand' });
  const brandId = firstId(brand.brands as { brand_id: number }[], 'brand_id');
  const keyword = await ok('/api/analyst/create-brand-keyword', { clientId, brandId, keywordName: 'seed' });
  const model = await ok('/api/analyst/create-brand-model', { clientId, brandId, brandModelName: 'M-1', brandModelPrice: '5' });
  const category = await ok('/api/analyst/create-product-category', { clientId, name: 'Bags', nameEn: 'Bags', code: 'BG' });
  const column = await ok('/api/analyst/create-custom-column', { clientId, name: 'Memo', category: 2, position: 'ec_product_price', order: 1 });
  const url = await ok('/api/analyst/create-special-url', { clientId, type: 2, url: 'https://fake.example/' });
  const word = await ok('/api/analyst/create-special-word', { clientId, type: 1, word: 'compatible with' });
  const letters = await ok('/api/analyst/create-attorney-letter', { clientId, ...letter });

  const ec = await ok('/api/ec-report/upload-report', { clientId }, await ecSheet());
  const ecReportId = Number(ec.reportId);
  const ecRecords = await db.selectFrom('ec_record').select('ec_id').where('report_id', '=', ecReportId).orderBy('ec_id').execute();
  const ecRecordIds = ecRecords.map((r) => Number(r.ec_id));
  // Listed in the seeded trademark's country, so a takedown notice for it passes the pre-send check.
  await db.updateTable('ec_record').set({ ec_product_region: mark.region }).where('ec_id', '=', ecRecordIds[0]!).execute();
  const evidence = await ok('/api/ec-data/upload-image', { clientId, recordId: ecRecordIds[0] }, await png());
  const ws = await ok('/api/ws-report/upload-report', { clientId }, await wsSheet());
  const wsReportId = Number(ws.reportId);
  const wsRecords = await db.selectFrom('ws_record').select('ws_id').where('report_id', '=', wsReportId).orderBy('ws_id').execute();
  const sns = await ok('/api/sns-report/upload-report', { clientId }, await snsSheet());
  const snsReportId = Number(sns.reportId);
  const snsRecords = await db.selectFrom('sns_record').select('sns_id').where('report_id', '=', snsReportId).orderBy('sns_id').execute();

  const batchIds = {
    ec: Number((await ok('/api/ec-data/batch-update-category', { clientId, recordIds: ecRecordIds, commoncategoryId: 2 })).batchId),
    ws: Number((await ok('/api/ws-data/batch-update-category', { clientId, recordIds: wsRecords.map((r) => Number(r.ws_id)), categoryId: 10 })).batchId),
    sns: Number((await ok('/api/sns-data/batch-update-category', { clientId, recordIds: snsRecords.map((r) => Number(r.sns_id)), categoryId: 2 })).batchId),
  };
  const trademark = await ok('/api/trademark/create-trademark', { clientId, ...mark });
  const pending = await ok('/api/trademark/upload-image', { clientId }, await png());
  const serviceRequest = await ok('/api/service-request/create', { clientId, type: 'case', title: 'Seed case', fields: {} });
  const serviceRequestId = (serviceRequest.request as { id: number }).id;
  const serviceFile = await ok('/api/service-request/upload-file', { requestId: serviceRequestId }, await pdf());
  const purchases = await ok('/api/test-purchase/add', { client: clientId, region: 'JP', site: 'Rakuten', count: 1 });
  const crawlSite = `Crawl market ${clientId}`;
  await db.insertInto('ec_site').values({ name: crawlSite, url: 'https://shop.example', region: 'JP', category_id: null, has_crawler: true }).execute();
  const crawl = await ok('/api/ec-crawler-task/create', { clientId, planStartDate: '2026-07-01', title: 'Seed sweep', type: 0, subtasksInfo: [{ site: crawlSite, keyword: 'seed', startUrl: 'https://shop.example/s?q=seed' }] });
  const crawlTask = crawl.task as { id: number; subtasks: { id: number }[] };
  const triage = await ok('/api/triage/create-rule', { clientId, rule: triageRule });
  const watchOf = async (name: string) =>
    ((await ok('/api/watch/create', { clientId, name, sources: [{ site: crawlSite, keyword: 'seed', startUrl: 'https://shop.example/s?q=seed' }], schedule: { every: 'day', at: '09:00' }, targetCount: 10 })).watch as { id: number }).id;
  const watchId = await watchOf('Seed watch');
  const runWatchId = await watchOf('Seed watch to run');
  const origins = tp.portal.services.config.crawler.allowOrigins;
  if (!origins.includes(WEBHOOK_ORIGIN)) origins.push(WEBHOOK_ORIGIN);
  const domainWatch = await ok('/api/domain-watch/create', { clientId, domains: ['seedbrand.com'], fuzzers: ['omission', 'addition'] });
  const domainWatchId = (domainWatch.watch as { id: number }).id;
  const now = new Date();
  const candidate = await db
    .insertInto('domain_candidate')
    .values({ watch_id: domainWatchId, domain: 'sedbrand.com', unicode: 'sedbrand.com', fuzzer: 'omission', registered: true, fingerprint: 'seed', first_seen_at: now, last_seen_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const photos = await ok('/api/client-settings/upload-genuine-photos', { clientId }, await png());
  const webhook = await ok('/api/webhook/create', { clientId, url: `${WEBHOOK_ORIGIN}/seed`, events: ['records.posted'] });
  return {
    clientId,
    brandId,
    keywordId: firstId(keyword.brandKeywords as { keyword_id: number }[], 'keyword_id'),
    modelId: firstId(model.brandModels as { model_id: number }[], 'model_id'),
    productCategoryId: firstId(category.categories as { id: number }[], 'id'),
    columnId: firstId(column.columns as { column_id: number }[], 'column_id'),
    urlId: firstId(url.urls as { id: number }[], 'id'),
    wordId: firstId(word.words as { id: number }[], 'id'),
    letterId: firstId(letters.letters as { id: number }[], 'id'),
    subcategoryId: await insertSubcategory(tp, `G${clientId}`, 3),
    ecReportId,
    ecRecordIds,
    evidenceName: String(evidence.names),
    wsReportId,
    wsRecordIds: wsRecords.map((r) => Number(r.ws_id)),
    snsReportId,
    snsRecordIds: snsRecords.map((r) => Number(r.sns_id)),
    batchIds,
    trademarkId: Number((trademark.trademark as { trademark_id: number }).trademark_id),
    pendingImage: String(pending.name),
    serviceRequestId,
    serviceFileName: (serviceFile.file as { name: string }).name,
    crawlSite,
    taskId: crawlTask.id,
    subtaskId: crawlTask.subtasks[0]!.id,
    triageRuleId: (triage.rules as { ruleId: number }[])[0]!.ruleId,
    webhookId: (webhook.endpoint as { id: number }).id,
    watchId,
    runWatchId,
    domainWatchId,
    domainCandidateId: candidate.id,
    genuinePhotoId: (photos.photos as { id: number }[])[0]!.id,
    purchaseId: firstId((purchases.testPurchase as { id: number; client: number }[]).filter((p) => p.client === clientId), 'id'),
  };
}

/** Tables a refused call must not change: all of them but the session clock and the throttles' counters. */
const VOLATILE = new Set(['session_token', 'throttle', 'kysely_migration', 'kysely_migration_lock']);

/** A fingerprint of every row of every table, to prove a refused call changed nothing. */
export async function databaseFingerprint(tp: TestPortal): Promise<Record<string, string>> {
  const db = tp.portal.services.db;
  const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows.filter((t) => !VOLATILE.has(t.name))) {
    const row = await sql<{ h: string }>`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${sql.table(name)} t`.execute(db);
    out[name] = row.rows[0]!.h;
  }
  return out;
}
