import type { CallOutput, trademarks } from '@portal/contract';
import { TRADEMARK_REGION_CODES } from '@portal/contract/trademark-lists';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { searchCondition } from '../../platform/search.js';
import { attachImage, dropImage } from './images.js';
import { findVisible, present, trademarkQuery } from './repo.js';

type SearchInput = z.output<typeof trademarks.searchTrademarksInput>;
type CreateInput = z.output<typeof trademarks.createTrademarkInput>;
type UpdateInput = z.output<typeof trademarks.updateTrademarkInput>;

const SORT_COLUMNS = {
  trademark_id: 't.trademark_id',
  trademark_no: 't.no',
  trademark_register_date: 't.register_date',
  trademark_invalid_date: 't.invalid_date',
} as const;

export async function search(ctx: AuthedContext, input: SearchInput): Promise<CallOutput<'/api/trademark/search-trademarks'>> {
  // A client user's clientId was filled in (or checked) by the tenancy rule; staff without one see every client.
  let scoped = trademarkQuery(ctx.db);
  if (input.clientId !== undefined) scoped = scoped.where('t.client_id', '=', input.clientId);

  const f = input.filters;
  let q = scoped.where(
    searchCondition(input, {
      dates: { registerDate: sql`t.register_date`, invalidDate: sql`t.invalid_date` },
      words: {
        text: sql`t.text`,
        belongsto: sql`t.belongsto`,
        descriptionJP: sql`t.description_ja`,
        descriptionEN: sql`t.description_en`,
        descriptionCN: sql`t.description_cn`,
      },
    }),
  );
  if (f.clientId?.length) q = q.where('t.client_id', 'in', f.clientId);
  if (f.region?.length) q = q.where('t.region', 'in', f.region);
  if (f.type?.length) q = q.where('t.type', 'in', f.type);
  if (f.status?.length) {
    const values = f.status.filter((s): s is 1 | 2 | 3 => s !== null);
    const blank = f.status.includes(null);
    q = q.where((eb) => eb.or([...(values.length ? [eb('t.status', 'in', values)] : []), ...(blank ? [eb('t.status', 'is', null)] : [])]));
  }

  const sortColumn = SORT_COLUMNS[input.sort?.field ?? 'trademark_id'];
  const direction = input.sort?.order === 'ascend' ? 'asc' : 'desc';
  const [rows, count, regions] = await Promise.all([
    q
      .orderBy(sql`${sql.ref(sortColumn)} ${sql.raw(direction)} NULLS LAST`)
      .orderBy('t.trademark_id', 'desc')
      .limit(input.pageSize)
      .offset((input.current - 1) * input.pageSize)
      .execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    scoped.clearSelect().select('t.region').distinct().orderBy('t.region').execute(),
  ]);
  return { trademarks: rows.map(present), total: Number(count.n), regions: regions.map((r) => r.region) };
}

export async function get(ctx: AuthedContext, trademarkId: number) {
  return { trademark: present(await findVisible(ctx, trademarkId)) };
}

function checkRegion(region: string | undefined): void {
  if (region !== undefined && !TRADEMARK_REGION_CODES.has(region)) throw new AppError('unknownRegion');
}

export async function create(ctx: AuthedContext, input: CreateInput) {
  const clientId = input.clientId;
  // Staff must name the client; a client user's own company was filled in by the tenancy rule.
  if (clientId === undefined) throw new AppError('badRequest', {}, 'validation.trademarkClientRequired');
  checkRegion(input.region);
  if (input.image) await attachImage(ctx, input.image, clientId);
  const { trademark_id } = await ctx.db
    .insertInto('trademark')
    .values({
      client_id: clientId,
      no: input.no,
      region: input.region,
      type: input.type,
      text: input.text,
      image: input.image,
      register_date: input.registerDate,
      invalid_date: input.invalidDate,
      remind_flag: input.remindFlag,
      belongsto: input.belongsto,
      description_ja: input.descriptionJP,
      description_en: input.descriptionEN,
      description_cn: input.descriptionCN,
      status: input.status,
      remarks: input.remarks,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .returning('trademark_id')
    .executeTakeFirstOrThrow();
  return get(ctx, trademark_id);
}

export async function update(ctx: AuthedContext, input: UpdateInput) {
  const current = await findVisible(ctx, input.trademarkId, true);
  checkRegion(input.region);
  // Dates are checked together with the one already saved when only one of them is sent.
  const registerDate = input.registerDate === undefined ? current.register_date : input.registerDate;
  const invalidDate = input.invalidDate === undefined ? current.invalid_date : input.invalidDate;
  if (registerDate && invalidDate && invalidDate < registerDate) throw new AppError('badRequest', {}, 'validation.expiryBeforeRegistration');

  if (input.image !== undefined && input.image !== current.image) {
    if (input.image) await attachImage(ctx, input.image, current.client_id);
    if (current.image) await dropImage(ctx, current.image);
  }
  await ctx.db
    .updateTable('trademark')
    .set({
      no: input.no,
      region: input.region,
      type: input.type,
      text: input.text,
      image: input.image,
      register_date: input.registerDate,
      invalid_date: input.invalidDate,
      remind_flag: input.remindFlag,
      belongsto: input.belongsto,
      description_ja: input.descriptionJP,
      description_en: input.descriptionEN,
      description_cn: input.descriptionCN,
      status: input.status,
      remarks: input.remarks,
      updated_at: ctx.now,
    })
    .where('trademark_id', '=', current.trademark_id)
    .execute();
  return get(ctx, current.trademark_id);
}

export async function remove(ctx: AuthedContext, trademarkId: number) {
  const current = await findVisible(ctx, trademarkId, true);
  await ctx.db.deleteFrom('trademark').where('trademark_id', '=', current.trademark_id).execute();
  if (current.image) await dropImage(ctx, current.image);
  return {};
}
