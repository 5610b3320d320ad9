import { Flex } from 'antd';
import { Role, hasRole } from '@portal/contract';
import { useUser } from '../../platform/session';
import { AlertSettingsCard } from './AlertSettingsCard';
import { AnalystInfoCard } from './AnalystInfoCard';
import { ApiKeysCard } from './ApiKeysCard';
import { BasicInfoCard } from './BasicInfoCard';
import { CompanyInfoCard } from './CompanyInfoCard';
import { ContractCard } from './ContractCard';
import { ManagedClientsCard } from './ManagedClientsCard';

/**
 * Spec 2.5, one card per section: basic info; company; for client users their analysts and contracts; for
 * analysts the clients they manage; then everyone's alerts of the watches (issue 30) and personal API keys (issue 16).
 */
export default function ProfilePage() {
  const user = useUser();
  const isClient = hasRole(user.user_role, Role.CLIENT);
  const isAnalyst = hasRole(user.user_role, Role.ANALYST);
  return (
    <Flex vertical gap={16}>
      {/* key: a saved or reloaded user starts the form from its new values */}
      <BasicInfoCard key={`${user.user_name}|${user.user_tel}`} user={user} />
      {(isClient || user.companyInfo) && <CompanyInfoCard company={user.companyInfo} />}
      {isClient && <AnalystInfoCard analysts={user.analystInfo} />}
      {isClient && <ContractCard services={user.serviceInfo} />}
      {isAnalyst && <ManagedClientsCard user={user} />}
      <AlertSettingsCard />
      <ApiKeysCard />
    </Flex>
  );
}
