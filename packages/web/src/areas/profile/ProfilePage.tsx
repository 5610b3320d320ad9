import { Flex } from 'antd';
import { Role, hasRole } from '@portal/contract';
import { useUser } from '../../app/session';
import { AnalystInfoCard } from './AnalystInfoCard';
import { BasicInfoCard } from './BasicInfoCard';
import { CompanyInfoCard } from './CompanyInfoCard';

/**
 * Spec 2.5, one card per section. The contract table (clients) and the client list (analysts)
 * are further cards of their own, added here with their calls.
 */
export default function ProfilePage() {
  const user = useUser();
  const isClient = hasRole(user.user_role, Role.CLIENT);
  return (
    <Flex vertical gap={16}>
      {/* key: a saved or reloaded user starts the form from its new values */}
      <BasicInfoCard key={`${user.user_name}|${user.user_tel}`} user={user} />
      {(isClient || user.companyInfo) && <CompanyInfoCard company={user.companyInfo} />}
      {isClient && <AnalystInfoCard analysts={user.analystInfo} />}
    </Flex>
  );
}
