import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { KINDS, type AccountKind } from './model';

/** Query keys of the area: invalidating `accountKeys.all` after a change reloads lists and details alike. */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: ['accounts', 'list'] as const,
  one: (userId: number, kind?: AccountKind) => ['accounts', 'user', userId, kind ?? 'any'] as const,
};

/** One account for a detail or reset page; `kind` narrows it to the kind the screen expects (another is "not found"). */
export function useAccount(userId: number | undefined, kind?: AccountKind) {
  return useQuery({
    queryKey: accountKeys.one(userId ?? 0, kind),
    queryFn: async () => {
      const input = kind ? { userId: userId ?? 0, roles: [...KINDS[kind].roles] } : { userId: userId ?? 0 };
      return (await api('/api/admin/get-user', input)).user;
    },
    enabled: userId !== undefined,
  });
}

