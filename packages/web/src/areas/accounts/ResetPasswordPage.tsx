import { Card, Descriptions, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../platform/api';
import { PageSpin } from '../../components/PageSpin';
import { ResetPasswordForm } from './ResetPasswordForm';
import { KINDS, kindOf, useIdParam } from './model';
import { useAccount } from './queries';

/** Spec 2.3 /manage/reset-password/:id: the administrator's password reset of any account, as a page. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const userId = useIdParam();
  const account = useAccount(userId);
  if (userId === undefined || account.isError) {
    return <Result status="warning" title={account.isError ? errorMessage(account.error) : t('detail.notFound')} />;
  }
  if (!account.data) return <PageSpin />;
  const user = account.data;
  return (
    <Card
      title={t('reset.title')}
      extra={<Link to={`${KINDS[kindOf(user.user_role)].basePath}/${user.user_id}`}>{t('reset.toAccount')}</Link>}
      style={{ maxWidth: 560 }}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'id', label: t('field.id'), children: user.user_id },
          { key: 'name', label: t('field.name'), children: user.user_name },
          { key: 'mail', label: t('field.mail'), children: user.user_mail },
        ]}
      />
      <ResetPasswordForm userId={user.user_id} />
    </Card>
  );
}
