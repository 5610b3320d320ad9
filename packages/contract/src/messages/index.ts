import type { Locale } from '../roles.js';
import { en, type MessageKey } from './en.js';
import { ja } from './ja.js';

export type { MessageKey };
export const messages: Record<Locale, Record<MessageKey, string>> = { en, ja };

export { isMessageKey } from './keys.js';

/** Fills `{{name}}` placeholders; unknown placeholders stay visible rather than vanish. */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = messages[locale][key] ?? en[key];
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
