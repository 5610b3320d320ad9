import { Role, hasRole } from '@portal/contract';
import { useUser } from '../platform/session';
import { useClientChoices } from '../components/clientChoices';

/**
 * Who works on the records (spec 6): analysts choose the client (from the URL, the route or the selector); a client
 * user always works on their own company's records.
 */
export function useRecordScope() {
  const user = useUser();
  const analyst = hasRole(user.user_role, Role.ANALYST);
  return { user, analyst, ownClientId: user.companyInfo?.client_id };
}

/**
 * Whether the user may change this client's records, by the server's rule: a client user their own company's
 * (the response), an administrator any client's, an analyst only those of the clients they manage (every analyst
 * reads every client's). Undefined while the analyst's clients load.
 */
export function useMayWrite(clientId: number | undefined): boolean | undefined {
  const { user, analyst } = useRecordScope();
  const limited = analyst && !hasRole(user.user_role, Role.ADMIN);
  const managed = useClientChoices('writable', limited);
  if (!limited) return true;
  if (clientId === undefined || !managed.data) return undefined;
  return managed.data.some((c) => c.client_id === clientId);
}
