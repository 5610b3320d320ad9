import { App, Button, Card, Flex, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { domainWatch as contract } from '@portal/contract';
import { api } from '../../platform/api';
import { invalidateCalls, setCallData } from '../../platform/calls';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { DomainWatchFields } from './DomainWatchFields';
import { DOMAIN_WATCH_LIST_PATH, NEW_WATCH_VALUES, domainWatchInputOf, domainWatchPath, type DomainWatchFormValues } from './model';

/** The form read as the call's input, then checked by the contract's own schema (its messages in the user's language). */
const schema = { safeParse: (values: unknown) => contract.createDomainWatchInput.safeParse(domainWatchInputOf(values as DomainWatchFormValues)) };

/** A new domain watch; success opens it. */
export default function DomainWatchNewPage() {
  const { t } = useTranslation('domainWatch');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema,
    fields: { clientId: 'field.client' },
    onValid: async (input) => {
      const { watch } = await api('/api/domain-watch/create', input);
      setCallData(queryClient, '/api/domain-watch/detail', { watchId: watch.id }, { watch });
      await invalidateCalls(queryClient, ['/api/domain-watch/fetch']);
      void message.success(t('toast.created'));
      void navigate(domainWatchPath(watch.id));
    },
    keepBusyOnSuccess: true,
  });

  return (
    <Form<DomainWatchFormValues> layout="vertical" initialValues={NEW_WATCH_VALUES} onFinish={onFinish} onValuesChange={onValuesChange} data-testid="dw-new-form">
      <ScrolledFormErrorAlert error={error} />
      <Flex vertical gap={16}>
        <Card title={t('form.newTitle')}>
          <DomainWatchFields />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="dw-submit">
            {t('action.create')}
          </Button>
          <Button onClick={() => void navigate(DOMAIN_WATCH_LIST_PATH)}>{t('action.back')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
