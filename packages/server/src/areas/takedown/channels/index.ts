import type { TakedownChannel } from '@portal/contract';
import { alibabaIpp } from './alibaba-ipp.js';
import { amazon } from './amazon.js';
import type { Channel } from './common.js';
import { dsa } from './dsa.js';
import { ebayVero } from './ebay-vero.js';
import { mercari, rakuma, rakuten } from './japanese.js';
import { mail } from './mail.js';

export type { Channel } from './common.js';

/** Every channel of /api/takedown/compose by its id. */
export const CHANNELS: Record<TakedownChannel, Channel> = {
  dsa,
  'ebay-vero': ebayVero,
  amazon,
  'alibaba-ipp': alibabaIpp,
  rakuten,
  mercari,
  rakuma,
  mail,
};
