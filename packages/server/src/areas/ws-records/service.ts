import { WS_ANALYST_FIELDS, WS_RESPONSE_FIELDS, WS_UPDATE_FIELDS, recordSaveProblem } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { HistoryValue, SavePart } from '../records/kind.js';
import type { WsTypes } from './kind.js';
import { present } from './repo.js';

/**
 * The detail save of a website record (document 3, section 5, with the site category as categoryId) on the engine's
 * save (../records/save.ts): the trademark a client names must be one of the client's.
 */
async function check(ctx: AuthedContext, clientId: number, changes: Record<string, HistoryValue>): Promise<void> {
  if (typeof changes.trademarkId === 'number') {
    const tm = await ctx.db.selectFrom('trademark').select('trademark_id').where('trademark_id', '=', changes.trademarkId).where('client_id', '=', clientId).executeTakeFirst();
    if (!tm) throw new AppError('unknownTrademark');
  }
}

export const WS_SAVE: SavePart<WsTypes> = {
  fields: WS_UPDATE_FIELDS,
  analystFields: WS_ANALYST_FIELDS,
  responseFields: WS_RESPONSE_FIELDS,
  rule: recordSaveProblem,
  check,
  extra: () => Promise.resolve(null),
  answer: (row) => ({ record: present(row) }),
};
