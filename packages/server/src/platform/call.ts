import { calls, type CallOutput, type CallPath } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext, CallContext } from './context.js';

/** Calls anyone may make without a token (sign-in itself). Everything else names the role bits it admits. */
export const PUBLIC = 'public';
export type Roles = number | typeof PUBLIC;

/**
 * Which field of the payload names a client company, and who may act on it:
 * a client user only on their own company; administrators on any; analysts on any, or only where they are
 * among the client's managers.
 */
export interface TenantRule {
  field: string;
  analysts: 'any' | 'managers';
}

type InputOf<P extends CallPath> = z.output<(typeof calls)[P]['input']>;
type ContextFor<R extends Roles> = R extends typeof PUBLIC ? CallContext : AuthedContext;

export interface CallDefinition<P extends CallPath, R extends Roles> {
  roles: R;
  tenant?: TenantRule;
  /** Default true: the handler runs in one transaction, all or nothing. Calls that must keep a failed
   *  attempt on record (sign-in counters) set false and open their own transactions. */
  transaction?: boolean;
  handler: (ctx: ContextFor<R>, input: InputOf<P>) => Promise<CallOutput<P>>;
}

export interface RegisteredCall {
  path: CallPath;
  roles: Roles;
  tenant: TenantRule | undefined;
  transaction: boolean;
  input: z.ZodType;
  output: z.ZodType;
  handler: (ctx: CallContext, input: unknown) => Promise<unknown>;
}

export type CallRegistrar = <P extends CallPath, R extends Roles>(path: P, def: CallDefinition<P, R>) => void;

/** Collects the calls of every area. The payload and answer schemas come from the contract, by path. */
export function createRegistry(): { call: CallRegistrar; list: RegisteredCall[] } {
  const list: RegisteredCall[] = [];
  const call: CallRegistrar = (path, def) => {
    if (def.roles !== PUBLIC && (typeof def.roles !== 'number' || def.roles <= 0 || def.roles > 7)) {
      throw new Error(`${path}: a call must declare the role bits it admits`);
    }
    if (list.some((c) => c.path === path)) throw new Error(`${path}: registered twice`);
    list.push({
      path,
      roles: def.roles,
      tenant: def.tenant,
      transaction: def.transaction ?? true,
      input: calls[path].input,
      output: calls[path].output,
      handler: def.handler as RegisteredCall['handler'],
    });
  };
  return { call, list };
}
