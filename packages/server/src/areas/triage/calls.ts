import { Role } from '@portal/contract';
import type { CallRegistrar, TenantRule } from '../../platform/call.js';
import { acceptCount, acceptSuggestions } from './accept.js';
import { backtest } from './backtest.js';
import { createRule, listRules, moveRule, removeRule, updateRule } from './rules.js';
import { fetchSuggestions } from './suggestions.js';

/**
 * Issue 19, points 1 to 3. Suggestions are internal to the provider: every call is for analysts only (client users
 * get 403). Reading: any analyst, as for the record lists; changing rules, backtesting and accepting: the client's
 * managing analysts.
 */
const MANAGERS: TenantRule = { field: 'clientId', analysts: 'managers' };
const READERS: TenantRule = { field: 'clientId', analysts: 'any' };

export function registerTriageCalls(call: CallRegistrar): void {
  const read = { roles: Role.ANALYST, access: 'read', tenant: READERS, transaction: false } as const;
  const change = { roles: Role.ANALYST, access: 'write', tenant: MANAGERS } as const;
  call('/api/triage/fetch-rules', { ...read, handler: (ctx, i) => listRules(ctx.db, i.clientId) });
  call('/api/triage/create-rule', { ...change, handler: (ctx, i) => createRule(ctx, i.clientId, i.rule) });
  call('/api/triage/update-rule', { ...change, handler: (ctx, i) => updateRule(ctx, i.clientId, i.ruleId, i.rule) });
  call('/api/triage/remove-rule', { ...change, handler: (ctx, i) => removeRule(ctx, i.clientId, i.ruleId) });
  call('/api/triage/move-rule', { ...change, handler: (ctx, i) => moveRule(ctx, i.clientId, i.ruleId, i.position) });
  // Writes nothing, but runs on the managers' rules editor: theirs, like the rules.
  call('/api/triage/backtest', { ...change, transaction: false, handler: (ctx, i) => backtest(ctx, i.clientId, i.rule) });
  call('/api/triage/evaluate', {
    ...change,
    handler: async (ctx, i) => {
      // Not queued where this process runs no triage queue (jobs off): the answer says so.
      const queued = await ctx.services.queues.send('triage-evaluate', { clientId: i.clientId }, { db: ctx.db });
      return { queued };
    },
  });
  call('/api/triage/fetch-suggestions', { ...read, handler: (ctx, i) => fetchSuggestions(ctx, i.clientId, i.kind, i.recordIds) });
  call('/api/triage/fetch-accept-count', { ...read, tenant: MANAGERS, handler: (ctx, i) => acceptCount(ctx, i) });
  call('/api/triage/accept-suggestions', { ...change, handler: (ctx, i) => acceptSuggestions(ctx, i) });
}
