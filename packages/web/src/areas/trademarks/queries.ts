import { useQuery } from '@tanstack/react-query';
import { STAFF_ROLES, hasRole } from '@portal/contract';
import { api } from '../../app/api';
import { useUser } from '../../app/session';
import { trademarkKeys } from './model';

/**
 * Spec 6: staff (analysts, administrators) see every client's trademarks and choose the client; a client user works
 * on their own company's only, whose id every call carries.
 */
export function useTrademarkScope() {
  const user = useUser();
  return { user, staff: hasRole(user.user_role, STAFF_ROLES), ownClientId: user.companyInfo?.client_id };
}

/**
 * The companies for staff; client users never load them. The list's filter offers every client (analysts read every
 * client's trademarks); the add form's client choice only those the user may add to (`writable`: an analyst's
 * managed clients, every client for administrators), as the server's manager rule.
 */
export function useClients(enabled: boolean, writable = false) {
  return useQuery({
    queryKey: writable ? [...trademarkKeys.clients, 'writable'] : trademarkKeys.clients,
    queryFn: async () => (await api('/api/analyst/fetch-clients', writable ? {} : { all: true })).client,
    enabled,
    staleTime: 60_000,
  });
}
