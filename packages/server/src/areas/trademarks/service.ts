import type { CallOutput, trademarks } from '@portal/contract';
import { TRADEMARK_REGION_CODES } from '@portal/contract/trademark-lists';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { readPicturesAgain } from '../../records/pictures/queue.js';
import { attachImage, dropImage } from './images.js';
import { deleteTrademark, findVisible, insertTrademark, present, searchTrademarks, updateTrademark } from './repo.js';

type SearchInput = z.output<typeof trademarks.searchTrademarksInput>;
type CreateInput = z.output<typeof trademarks.createTrademarkInput>;
type UpdateInput = z.output<typeof trademarks.updateTrademarkInput>;

export async function search(ctx: AuthedContext, input: SearchInput): Promise<CallOutput<'/api/trademark/search-trademarks'>> {
  // A client user's clientId was filled in (or checked) by the tenancy rule; staff without one see every client.
  const { rows, total, regions } = await searchTrademarks(ctx.db, input);
  return { trademarks: rows.map(present), total, regions };
}

export async function get(ctx: AuthedContext, trademarkId: number) {
  return { trademark: present(await findVisible(ctx, trademarkId)) };
}

function checkRegion(region: string | undefined): void {
  if (region !== undefined && !TRADEMARK_REGION_CODES.has(region)) throw new AppError('unknownRegion');
}

/** The trademark table's column of each field of the create and update payloads. */
const COLUMN_OF = {
  no: 'no',
  region: 'region',
  type: 'type',
  text: 'text',
  image: 'image',
  register_date: 'registerDate',
  invalid_date: 'invalidDate',
  remind_flag: 'remindFlag',
  belongsto: 'belongsto',
  description_ja: 'descriptionJP',
  description_en: 'descriptionEN',
  description_cn: 'descriptionCN',
  status: 'status',
  remarks: 'remarks',
} as const satisfies Record<string, keyof UpdateInput>;

type ColumnsOf<I> = { [C in keyof typeof COLUMN_OF]: I[(typeof COLUMN_OF)[C] & keyof I] };

/**
 * The columns of the fields a create or an update names: a create names them all (the contract fills defaults),
 * an update only those it changes (a field left undefined is left alone, as Kysely leaves out undefined values).
 */
function columnsOf<I extends Omit<UpdateInput, 'trademarkId'>>(input: I): ColumnsOf<I> {
  // Object.fromEntries loses the keys' types; COLUMN_OF's entries are exactly ColumnsOf's keys.
  return Object.fromEntries(Object.entries(COLUMN_OF).map(([column, field]) => [column, input[field]])) as ColumnsOf<I>;
}

export async function create(ctx: AuthedContext, input: CreateInput) {
  const clientId = input.clientId;
  // Staff must name the client; a client user's own company was filled in by the tenancy rule.
  if (clientId === undefined) throw new AppError('badRequest', {}, 'validation.trademarkClientRequired');
  checkRegion(input.region);
  if (input.image) await attachImage(ctx, input.image, clientId);
  const trademarkId = await insertTrademark(ctx.db, {
    client_id: clientId,
    ...columnsOf(input),
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  if (input.text || input.image) await readPicturesAgain(ctx.services, ctx.db, clientId);
  return get(ctx, trademarkId);
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
  await updateTrademark(ctx.db, current.trademark_id, {
    ...columnsOf(input),
    updated_at: ctx.now,
  });
  const newText = input.text !== undefined && input.text !== current.text && input.text !== '';
  const newImage = input.image !== undefined && input.image !== current.image && Boolean(input.image);
  if (newText || newImage) await readPicturesAgain(ctx.services, ctx.db, current.client_id);
  return get(ctx, current.trademark_id);
}

export async function remove(ctx: AuthedContext, trademarkId: number) {
  const current = await findVisible(ctx, trademarkId, true);
  await deleteTrademark(ctx.db, current.trademark_id);
  if (current.image) await dropImage(ctx, current.image);
  return {};
}
