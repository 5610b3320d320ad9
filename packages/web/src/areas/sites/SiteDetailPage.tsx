import { useRef } from 'react';
import { App, Button, Card, Descriptions, Flex, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateCalls, setCallData, useCall } from '../../platform/calls';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sites, type Site } from '@portal/contract';
import { api } from '../../platform/api';
import { DetailMissing } from '../../components/DetailMissing';
import { EditableTable } from '../../components/EditableTable';
import { PageSpin } from '../../components/PageSpin';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { RecipeTeacher } from './RecipeTeacher';
import { SavedRecipe } from './SavedRecipe';
import { SiteFields } from './SiteFields';
import { PASSWORD_MASK, accountChanges, editableAccount, onlyChanged, siteChanges, siteValuesOf, type AccountRow, type SiteChanges, type SiteFormValues } from './model';

/**
 * Spec 2 "Marketplace site detail": the site's fields (only changes are sent) and its accounts, edited in place;
 * its crawl recipe, taught by example (issue 29 point 4).
 */
export default function SiteDetailPage() {
  const { t } = useTranslation('sites');
  const siteId = Number(useParams().id);
  const validId = Number.isInteger(siteId) && siteId > 0;
  const query = useCall('/api/analyst/get-ec-site', { siteId }, { select: (answer) => answer.site, enabled: validId });

  if (!validId || query.isError) {
    return (
      <DetailMissing title={t('detail.loadFailed')} error={query.isError ? query.error : undefined} backTo="/analyst/ec-site" backLabel={t('detail.back')} />
    );
  }
  const site = query.data;
  if (!site) return <PageSpin />;

  return (
    <Flex vertical gap={16}>
      <Card title={t('detail.title')}>
        <Descriptions size="small" style={{ marginBottom: 8 }} items={[{ key: 'id', label: t('detail.id'), children: site.id }]} />
        {/* A saved site remounts the form (key), so it starts again from what the server saved. */}
        <SiteForm key={query.dataUpdatedAt} site={site} />
      </Card>
      <Card title={t('detail.accounts')}>
        <Accounts site={site} />
      </Card>
      <Card title={t('recipe.card')} data-testid="recipe-card">
        <Flex vertical gap={16}>
          <SavedRecipe site={site} />
          <RecipeTeacher site={site} />
        </Flex>
      </Card>
    </Flex>
  );
}

function SiteForm({ site }: { site: Site }) {
  const { t } = useTranslation('sites');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // What the form changed, as submitted: only these fields of the validated payload are sent.
  const changes = useRef<SiteChanges>({});
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: sites.updateSiteInput,
    fields: {},
    onValid: async (data) => {
      const { siteId, ...changed } = onlyChanged(data, changes.current);
      if (Object.keys(changed).length === 0) {
        void message.info(t('detail.noChanges'));
        return;
      }
      const answer = await api('/api/analyst/update-ec-site', { siteId, ...changed });
      void message.success(t('detail.success'));
      // The accounts are kept as they are in the cache: the site call does not change them.
      setCallData(queryClient, '/api/analyst/get-ec-site', { siteId }, (old) => ({ site: { ...answer.site, accounts: old?.site.accounts ?? answer.site.accounts } }));
      await invalidateCalls(queryClient, ['/api/analyst/fetch-ec-sites']);
    },
    onFailure: () => void message.error(t('detail.failure')),
  });

  return (
    <Form<SiteFormValues>
      layout="vertical"
      initialValues={siteValuesOf(site)}
      onFinish={(values) => {
        changes.current = siteChanges(site, values);
        return onFinish({ siteId: site.id, ...changes.current });
      }}
      onValuesChange={onValuesChange}
      data-testid="site-form"
    >
      <ScrolledFormErrorAlert error={error} />
      <SiteFields />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="site-update">
        {t('detail.update')}
      </Button>
    </Form>
  );
}

/** The crawler's accounts of the site on the shared editable table; each call answers the whole list. */
function Accounts({ site }: { site: Site }) {
  const { t } = useTranslation('sites');
  const queryClient = useQueryClient();
  const onRows = (accounts: readonly AccountRow[]) =>
    setCallData(queryClient, '/api/analyst/get-ec-site', { siteId: site.id }, (old) => (old ? { ...old, site: { ...old.site, accounts: [...accounts] } } : old));
  const rows = site.accounts.map(editableAccount);
  const byId = (id: number) => rows.find((a) => a.id === id);
  const secret = (set: boolean) => (set ? t('account.secretSet') : '');
  // Secrets are write-only: the edit field starts blank and a blank one keeps what is saved.
  const secretEditor = (maxLength: number) => ({ type: 'text' as const, maxLength, placeholder: t('account.secretPlaceholder') });

  return (
    <EditableTable
      name="site-accounts"
      rows={rows}
      onRows={onRows}
      rowId={(a) => a.id}
      columns={[
        { title: t('account.account'), dataIndex: 'account', editor: { type: 'text', maxLength: 200 }, required: true },
        { title: t('account.password'), dataIndex: 'password', editor: secretEditor(500), required: true, render: (a) => (a.passwordSet ? PASSWORD_MASK : '') },
        { title: t('account.phone'), dataIndex: 'phone', editor: { type: 'text', maxLength: 50 }, width: 140 },
        { title: t('account.freeze'), dataIndex: 'freeze_seconds', editor: { type: 'number', min: 0, precision: 0 }, width: 130 },
        { title: t('account.headers'), dataIndex: 'headers', editor: secretEditor(20000), render: (a) => secret(a.headersSet) },
        { title: t('account.cookies'), dataIndex: 'cookies', editor: secretEditor(20000), render: (a) => secret(a.cookiesSet) },
        { title: t('account.remarks'), dataIndex: 'remarks', editor: { type: 'text', maxLength: 1000 }, ellipsis: true },
      ]}
      context={{ siteId: site.id }}
      create={{ schema: sites.addAccountInput, call: async (input) => (await api('/api/analyst/ec-account/add', input)).account.map(editableAccount) }}
      update={{
        schema: sites.updateAccountInput,
        idParam: 'id',
        call: async (input) => {
          // Spec 5: only the changed fields; nothing changed leaves the list as it is.
          const changed = accountChanges(byId(input.id), input);
          if (Object.keys(changed).length === 1) return rows;
          return (await api('/api/analyst/ec-account/update', changed)).account.map(editableAccount);
        },
      }}
      remove={async (a) => (await api('/api/analyst/ec-account/remove', { id: a.id })).account.map(editableAccount)}
      addLabel={t('detail.addAccount')}
    />
  );
}
