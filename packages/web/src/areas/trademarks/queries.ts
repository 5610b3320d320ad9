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

/** The companies for staff (the client filter and the client select); client users never load them. */
export function useClients(enabled: boolean) {
  return useQuery({
    queryKey: trademarkKeys.clients,
    // Analysts work on every client's trademarks (the server's rule), not only on the clients they manage.
    queryFn: async () => (await api('/api/analyst/fetch-clients', { all: true })).client,
    enabled,
    staleTime: 60_000,
  });
}
