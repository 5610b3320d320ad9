import { PDF_DEMO } from './pdf.js';
import type { Tx } from '../platform/db.js';
import { storeFile } from '../platform/files.js';

/**
 * Demo service requests of the first client, one or more for every service menu entry, in every status: with
 * messages between the client user and the analyst, a fee quote, due dates and a file. Those of the client's
 * Japanese user (`ja`) are written in Japanese, as are the analyst's answers to them.
 */
export async function seedServiceRequests(trx: Tx, clientId: number, users: { clientUser: number; jaUser: number }, analyst: number, now: Date): Promise<void> {
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000);
  const date = (n: number) => day(n).toISOString().slice(0, 10);
  const marks = await trx.selectFrom('trademark').select(['trademark_id', 'text', 'no', 'invalid_date']).where('client_id', '=', clientId).orderBy('trademark_id').execute();
  const mark = marks[0];
  const tmFields = mark ? { trademarkId: mark.trademark_id } : {};
  const demo: { type: string; ja?: true; title: string; fields: Record<string, unknown>; status: number; due?: number; fee?: [number, string]; messages?: [boolean, string][]; file?: boolean }[] = [
    { type: 'trademark-search', title: 'Clearance search: KUMA BAGS', fields: { mark: 'KUMA BAGS', classes: '18, 25', regions: 'JP, CN, US', notes: '' }, status: 2, due: 12, fee: [120000, 'JPY'], messages: [[true, 'We would like to launch KUMA BAGS next spring.'], [false, 'Thank you. The search covers JP, CN and US; the report follows within two weeks.']] },
    { type: 'registration-progress', ja: true, title: '中国出願の進捗確認', fields: { ...tmFields, applicationNo: 'CN-2026-118823', notes: '' }, status: 4, fee: [0, 'JPY'], messages: [[true, '出願は現在どの段階でしょうか。'], [false, '方式審査を通過しました。3月に公告の見込みです。']] },
    { type: 'renewal', title: mark ? `Renewal: ${mark.text} (${mark.no})` : 'Renewal', fields: { ...tmFields, ...(mark?.invalid_date ? { expiryDate: mark.invalid_date } : {}), notes: '' }, status: 3, due: 25, fee: [85000, 'JPY'], messages: [[true, 'Please renew this mark.'], [false, 'We quote 85,000 JPY. Shall we keep all designated goods?']], file: true },
    { type: 'office-action', title: 'Office action from the USPTO', fields: { ...tmFields, answerDeadline: date(40), office: 'USPTO', notes: 'Likelihood of confusion cited.' }, status: 1, due: 30 },
    { type: 'change-transfer', ja: true, title: '新子会社への移転', fields: { ...tmFields, newHolder: 'さくら化粧品販売株式会社', notes: '' }, status: 5, messages: [[true, '組織再編が延期になりましたので、取り下げをお願いします。']] },
    { type: 'watch', title: 'Watch for marks similar to ACME', fields: { mark: 'ACME', regions: 'JP, CN, KR', notes: '' }, status: 2, fee: [30000, 'JPY'] },
    { type: 'invalidation', ja: true, title: 'SAKURAGLOWE への異議申立て', fields: { ...tmFields, target: 'SAKURAGLOWE (CN 66120011)', notes: '' }, status: 2, due: 45, fee: [450000, 'JPY'] },
    { type: 'offline', title: 'Customs recordation in China', fields: { kind: 'customs', region: 'CN', notes: '' }, status: 2, due: 60, fee: [2000, 'USD'] },
    { type: 'offline', ja: true, title: '大阪での市場調査', fields: { kind: 'survey', region: 'JP', notes: '難波周辺の店舗。' }, status: 1 },
    { type: 'biz-support', title: 'Distributor contract review', fields: { topic: 'Distributor contract for Thailand', notes: '' }, status: 3, messages: [[false, 'Could you send the draft contract?']] },
    { type: 'case', ja: true, title: '展示会での模倣品', fields: { notes: '東京ギフトショーで見かけました。' }, status: 1, due: 7 },
  ];
  for (const [i, r] of demo.entries()) {
    const created = day(-20 + i);
    const { request_id } = await trx
      .insertInto('service_request')
      .values({
        client_id: clientId,
        type: r.type,
        title: r.title,
        fields: JSON.stringify(r.fields),
        status: r.status,
        assignee_id: r.status === 1 ? null : analyst,
        due_date: r.due === undefined ? null : date(r.due),
        fee: r.fee?.[0] ?? null,
        currency: r.fee?.[1] ?? null,
        created_by: r.ja ? users.jaUser : users.clientUser,
        created_at: created,
        updated_at: created,
      })
      .returning('request_id')
      .executeTakeFirstOrThrow();
    for (const [j, [byClient, body]] of (r.messages ?? []).entries()) {
      await trx.insertInto('service_request_message').values({ request_id, user_id: byClient ? (r.ja ? users.jaUser : users.clientUser) : analyst, body, created_at: new Date(created.getTime() + (j + 1) * 3_600_000) }).execute();
    }
    if (r.file) {
      const name = await storeFile(trx, { kind: 'srq', clientId, contentType: 'application/pdf', extension: 'pdf', originalName: 'registration-certificate.pdf', bytes: PDF_DEMO, userId: users.clientUser, now: created, attached: true });
      await trx.insertInto('service_request_file').values({ name, request_id, message_id: null }).execute();
    }
  }
}
