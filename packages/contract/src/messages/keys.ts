import { en, type MessageKey } from './en.js';

/** Whether a text (a zod issue's message, an answer's key) is a key of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}
