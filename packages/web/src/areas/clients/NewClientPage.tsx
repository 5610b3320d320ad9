import { App, Button, Card, Flex, Form, Typography } from 'antd';
import { useInvalidateCalls } from '../../platform/calls';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SERVICES, clients } from '@portal/contract';
import { api } from '../../platform/api';
import { useSchemaForm } from '../../components/useSchemaForm';
import { BasicFields, ContractSection } from './ClientFields';
import { ScrolledFormErrorAlert } from './ScrolledFormErrorAlert';
import { CLIENT_FIELDS, CLIENT_READS, createPayload, emptyContracts, type ClientFormValues } from './clientModel';

/** Spec 2.8 (administrators): basic info and one contract section per service; success returns to the list. */
export default function NewClientPage() {
  const { t } = useTranslation('clients');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: clients.createClientInput,
    fields: CLIENT_FIELDS,
    onValid: async (data) => {
      await api('/api/admin/create-client', data);
      await invalidate(CLIENT_READS);
      void message.success(t('new.success'));
      void navigate('/manage/client');
    },
    onFailure: () => void message.error(t('new.failure')),
    keepBusyOnSuccess: true,
  });

  return (
    <Form<ClientFormValues>
      layout="vertical"
      initialValues={{ name: '', tel: '', address: '', remarks: '', managerIds: [], ...emptyContracts() }}
      onFinish={(values) => onFinish(createPayload(values))}
      onValuesChange={onValuesChange}
    >
      <ScrolledFormErrorAlert error={error} />
      <Flex vertical gap={16}>
        <Card title={t('new.basic')}>
          <BasicFields />
        </Card>
        <Card title={t('new.contracts')}>
          <Typography.Paragraph type="secondary">{t('contract.hint')}</Typography.Paragraph>
          <Flex vertical gap={16}>
            {SERVICES.map((service) => (
              <ContractSection key={service} service={service} editable />
            ))}
          </Flex>
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="client-submit">
            {t('new.submit')}
          </Button>
          <Button onClick={() => void navigate('/manage/client')}>{t('new.cancel')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
