import { App, Button, Card, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Role, STAFF_ROLES, hasRole, session } from '@portal/contract';
import { api } from '../../platform/api';
import { setSessionUser, type User } from '../../platform/session';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';

const FIELDS = { name: 'field.name', tel: 'field.tel' } as const;

/** Spec 2.5 names the roles in Japanese; both catalogues carry them (the same text). */
const ROLE_NAMES = [
  [Role.ADMIN, 'role.admin'],
  [Role.ANALYST, 'role.analyst'],
  [Role.CLIENT, 'role.client'],
] as const;

/** Name and tel are editable, mail is read-only; staff also see their roles. */
export function BasicInfoCard({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const { message } = App.useApp();
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: session.updateUserInfoInput,
    fields: FIELDS,
    onValid: async (data) => {
      const answer = await api('/api/user/update-userinfo', data);
      setSessionUser(answer.user);
      void message.success(t('update.success'));
    },
    onFailure: () => void message.error(t('update.failure')),
  });

  const roles = ROLE_NAMES.filter(([bit]) => hasRole(user.user_role, bit)).map(([, key]) => t(key));
  return (
    <Card title={t('basic.title')} extra={<Link to="/profile/reset-password">{t('basic.changePassword')}</Link>}>
      <FormErrorAlert error={error} />
      <Form
        labelCol={{ flex: '160px' }}
        labelAlign="left"
        style={{ maxWidth: 600 }}
        initialValues={{ name: user.user_name, tel: user.user_tel }}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        <Form.Item label={t('common:field.mail')}>
          <Typography.Text data-testid="profile-mail">{user.user_mail}</Typography.Text>
        </Form.Item>
        <Form.Item label={t('common:field.name')} name="name" required>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t('common:field.tel')} name="tel">
          <Input autoComplete="tel" />
        </Form.Item>
        {hasRole(user.user_role, STAFF_ROLES) && (
          <Form.Item label={t('basic.role')}>
            <Typography.Text>{roles.join(' / ')}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common:save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
