/**
 * What the browser's shell (layout, menu, route table, session, call envelope) needs, without the call schemas and
 * both message catalogues the package's main entry brings: the shell stays small, pages load the rest with them.
 */
export * from './roles.js';
export * from './envelope.js';
export { isMessageKey } from './messages/keys.js';
export type { MessageKey } from './messages/en.js';
export type { CallInput, CallOutput, CallPath } from './api.js';
