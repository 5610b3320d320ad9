import { WS_ANALYST_FIELDS, WS_RESPONSE_FIELDS, WS_UPDATE_FIELDS, recordSaveProblem } from '@portal/contract';
import type { SavePart } from '../../records/core/kind.js';
import { trademarkOfClient } from '../../records/batches/save.js';
import type { WsTypes } from './kind.js';
import { present } from './fields.js';

/**
 * The detail save of a website record (document 3, section 5, with the site category as categoryId) on the engine's
 * save (records/batches/save.ts): the trademark a client names must be one of the client's.
 */
export const WS_SAVE: SavePart<WsTypes> = {
  fields: WS_UPDATE_FIELDS,
  analystFields: WS_ANALYST_FIELDS,
  responseFields: WS_RESPONSE_FIELDS,
  rule: recordSaveProblem,
  check: trademarkOfClient('trademarkId'),
  extra: () => Promise.resolve(null),
  answer: (row) => ({ record: present(row) }),
};
