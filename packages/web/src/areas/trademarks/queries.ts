import { STAFF_ROLES, hasRole } from '@portal/contract';
import { useUser } from '../../platform/session';

/**
 * Spec 6: staff (analysts, administrators) see every client's trademarks and choose the client; a client user works
 * on their own company's only, whose id every call carries.
 */
export function useTrademarkScope() {
  const user = useUser();
  return { user, staff: hasRole(user.user_role, STAFF_ROLES), ownClientId: user.companyInfo?.client_id };
}
