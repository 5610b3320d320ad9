import type { CallPath } from '@portal/contract';
import { useCall } from '../../platform/calls';
import { KINDS, type AccountKind } from './model';

/** What an account change leaves stale: the account lists, and (ACCOUNT_READS) the accounts' pages too. */
export const ACCOUNT_LISTS = ['/api/admin/search-users'] as const satisfies readonly CallPath[];
export const ACCOUNT_READS = [...ACCOUNT_LISTS, '/api/admin/get-user'] as const satisfies readonly CallPath[];

/** The get-user input of an account page: `kind` narrows it to the roles of the kind the screen expects. */
export const accountInput = (userId: number, kind?: AccountKind) => (kind ? { userId, roles: [...KINDS[kind].roles] } : { userId });

/** One account for a detail or reset page; `kind` narrows it to the kind the screen expects (another is "not found"). */
export function useAccount(userId: number | undefined, kind?: AccountKind) {
  return useCall('/api/admin/get-user', accountInput(userId ?? 0, kind), { select: (answer) => answer.user, enabled: userId !== undefined });
}

