import { SNS_ANALYST_FIELDS, SNS_RESPONSE_FIELDS, SNS_UPDATE_FIELDS, recordSaveProblem } from '@portal/contract';
import type { SavePart } from '../../records/core/kind.js';
import { trademarkOfClient } from '../../records/batches/save.js';
import type { SnsTypes } from './kind.js';
import { present } from './fields.js';

/**
 * The detail save of a social media record (the website rules: the SNS category as categoryId, the rounds and the
 * final result; the client's response) on the engine's save: the trademark a client names must be the client's.
 */
export const SNS_SAVE: SavePart<SnsTypes> = {
  fields: SNS_UPDATE_FIELDS,
  analystFields: SNS_ANALYST_FIELDS,
  responseFields: SNS_RESPONSE_FIELDS,
  rule: recordSaveProblem,
  check: trademarkOfClient('trademarkId'),
  extra: () => Promise.resolve(null),
  answer: (row, locale) => ({ record: present(row, locale) }),
};
