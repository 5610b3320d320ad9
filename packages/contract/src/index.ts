export * from './roles.js';
export * from './envelope.js';
export * from './validation.js';
export * as session from './session.js';
export type { User } from './session.js';
export * from './api.js';
export { messages, translate, isMessageKey, type MessageKey } from './messages/index.js';
