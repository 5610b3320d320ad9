import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { testPurchases } from '@portal/contract';
import { seededCall, useCall } from '../../platform/calls';
import { api } from '../../platform/api';
import { currentLocale } from '../../platform/i18n';
import { EditableTable } from '../../components/EditableTable';
import { useMaster } from '../../components/useMaster';
import { useClientChoices } from '../../components/clientChoices';

/** /test-purchase: client, region, site and count per row, on the shared editable table. */
export default function TestPurchasePage() {
  const { t } = useTranslation('purchases');
  const locale = currentLocale();
  const master = useMaster(seededCall('/api/test-purchase/fetch', (answer) => answer.testPurchase, (testPurchase) => ({ testPurchase })), {});
  // Every purchase is listed; the client choice offers only the clients the user may change (an analyst's managed
  // clients, every client for administrators), as the server's manager rule.
  const clients = useClientChoices('writable');
  const regions = useCall('/api/test-purchase/regions', {}, { select: (answer) => answer.regions, staleTime: Infinity });
  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }));
  const regionOptions = (regions.data ?? []).map((r) => ({ value: r.code, label: locale === 'ja' ? r.name_ja : r.name_en }));

  return (
    <Card title={t('title')}>
      <EditableTable
        name="test-purchases"
        {...master}
        rowId={(p) => p.id}
        columns={[
          {
            title: t('client'),
            dataIndex: 'client',
            editor: { type: 'select', options: clientOptions, showSearch: true, placeholder: t('clientPlaceholder') },
            required: true,
            render: (p) => p.client_name,
          },
          { title: t('region'), dataIndex: 'region', editor: { type: 'select', options: regionOptions, showSearch: true, placeholder: t('regionPlaceholder') }, required: true, width: 220 },
          { title: t('site'), dataIndex: 'site', editor: { type: 'text', maxLength: 200 }, required: true },
          { title: t('count'), dataIndex: 'count', editor: { type: 'number', min: 1, precision: 0 }, required: true, width: 120 },
        ]}
        context={{}}
        create={{ schema: testPurchases.addTestPurchaseInput, call: async (input) => (await api('/api/test-purchase/add', input)).testPurchase }}
        update={{ schema: testPurchases.updateTestPurchaseInput, idParam: 'id', call: async (input) => (await api('/api/test-purchase/update', input)).testPurchase }}
        remove={async (p) => (await api('/api/test-purchase/remove', { id: p.id })).testPurchase}
        addLabel={t('add')}
      />
    </Card>
  );
}
