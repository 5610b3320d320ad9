import { App, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateCalls, setCallData, useCall } from '../../platform/calls';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trademarks, type Trademark } from '@portal/contract';
import { api } from '../../platform/api';
import { DetailMissing } from '../../components/DetailMissing';
import { PageSpin } from '../../components/PageSpin';
import { useSchemaForm } from '../../components/useSchemaForm';
import { NoCompany } from './NoCompany';
import { TrademarkForm } from './TrademarkForm';
import { ServiceRequestButtons } from '../service-requests/TrademarkButtons';
import { changedFields, emptyTrademark, issue, payloadOf, trademarkValuesOf, withFirstRule } from './model';
import { useTrademarkScope } from './queries';

/** /trademark/new and /trademark/:id (spec 2): one form, for a new trademark or the saved one. */
export default function TrademarkFormPage() {
  const { id } = useParams();
  const { staff, ownClientId } = useTrademarkScope();
  if (!staff && ownClientId === undefined) return <NoCompany />;
  return id === undefined ? <NewTrademark /> : <TrademarkDetail id={id} />;
}

const chosenClient = (values: unknown) =>
  typeof values === 'object' && values !== null && 'clientId' in values && typeof values.clientId === 'number';

function NewTrademark() {
  const { t } = useTranslation('trademarks');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { staff, ownClientId } = useTrademarkScope();
  const schemaForm = useSchemaForm({
    // Staff must choose the client (spec 5); the contract leaves it optional, for client users.
    schema: withFirstRule(trademarks.createTrademarkInput, (values) => (staff && !chosenClient(values) ? issue('validation.trademarkClientRequired', 'clientId') : null)),
    fields: {},
    onValid: async (data) => {
      const { trademark } = await api('/api/trademark/create-trademark', data);
      setCallData(queryClient, '/api/trademark/get-trademark', { trademarkId: trademark.trademark_id }, { trademark });
      await invalidateCalls(queryClient, ['/api/trademark/search-trademarks']);
      void message.success(t('new.success'));
      void navigate(`/trademark/${trademark.trademark_id}`);
    },
    keepBusyOnSuccess: true,
  });

  return (
    <TrademarkForm
      title={t('new.title')}
      initialValues={emptyTrademark()}
      schemaForm={schemaForm}
      build={(values) => ({ ...payloadOf(values), clientId: staff ? values.clientId : ownClientId })}
      submitLabel={t('new.submit')}
    />
  );
}

function TrademarkDetail({ id }: { id: string }) {
  const { t } = useTranslation('trademarks');
  const trademarkId = Number(id);
  const validId = Number.isInteger(trademarkId) && trademarkId > 0;
  const query = useCall('/api/trademark/get-trademark', { trademarkId }, { select: (answer) => answer.trademark, enabled: validId });

  if (!validId || query.isError) {
    return <DetailMissing title={t('detail.loadFailed')} error={query.isError ? query.error : undefined} backTo="/trademark" backLabel={t('form.back')} />;
  }
  if (!query.data) return <PageSpin />;
  // A saved trademark remounts the form (key), so it starts again from what the server answered.
  return <EditTrademark key={query.dataUpdatedAt} saved={query.data} />;
}

function EditTrademark({ saved }: { saved: Trademark }) {
  const { t } = useTranslation('trademarks');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const schemaForm = useSchemaForm({
    schema: trademarks.updateTrademarkInput,
    fields: {},
    onValid: async (data) => {
      // Spec 4: only what differs from the saved trademark; nothing changed sends nothing.
      const changed = changedFields(saved, data);
      if (Object.keys(changed).length === 1) {
        void message.info(t('detail.noChanges'));
        return;
      }
      const { trademark } = await api('/api/trademark/update-trademark', changed);
      void message.success(t('detail.success'));
      setCallData(queryClient, '/api/trademark/get-trademark', { trademarkId: saved.trademark_id }, { trademark });
      await invalidateCalls(queryClient, ['/api/trademark/search-trademarks']);
    },
  });

  return (
    <TrademarkForm
      title={
        <Space size="middle">
          {t('detail.title')}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('detail.id', { id: saved.trademark_id })}
          </Typography.Text>
          <ServiceRequestButtons trademark={saved} />
        </Space>
      }
      saved={saved}
      initialValues={trademarkValuesOf(saved, (value) => dayjs(value))}
      schemaForm={schemaForm}
      build={(values) => ({ trademarkId: saved.trademark_id, ...payloadOf(values) })}
      submitLabel={t('detail.update')}
    />
  );
}
