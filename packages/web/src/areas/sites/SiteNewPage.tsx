import type { ReactNode } from 'react';
import { App, Button, Card, Flex, Form, Input, InputNumber, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateCalls, setCallData } from '../../platform/calls';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sites } from '@portal/contract';
import { api } from '../../platform/api';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { SiteFields } from './SiteFields';
import { emptyAccount, emptySite, type AccountRowValues, type SiteFormValues } from './model';

type NewSiteValues = SiteFormValues & { accounts: AccountRowValues[] };

/** Spec 2 "Marketplace site create": the site and the accounts to start with; success opens the new site. */
export default function SiteNewPage() {
  const { t } = useTranslation('sites');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: sites.createSiteInput,
    fields: {},
    onValid: async (data) => {
      const { site } = await api('/api/analyst/create-ec-site', data);
      setCallData(queryClient, '/api/analyst/get-ec-site', { siteId: site.id }, { site });
      await invalidateCalls(queryClient, ['/api/analyst/fetch-ec-sites']);
      void message.success(t('new.success'));
      void navigate(`/analyst/ec-site/detail/${site.id}`);
    },
    onFailure: () => void message.error(t('new.failure')),
    keepBusyOnSuccess: true,
  });

  return (
    <Form<NewSiteValues> layout="vertical" initialValues={{ ...emptySite(), accounts: [] }} onFinish={onFinish} onValuesChange={onValuesChange}>
      <ScrolledFormErrorAlert error={error} />
      <Flex vertical gap={16}>
        <Card title={t('new.title')}>
          <SiteFields />
        </Card>
        <Card title={t('new.accounts')}>
          <Typography.Paragraph type="secondary">{t('new.accountsHint')}</Typography.Paragraph>
          <AccountRows />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="site-submit">
            {t('new.submit')}
          </Button>
          <Button onClick={() => void navigate('/analyst/ec-site')}>{t('new.cancel')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/** The account rows of the create form: added and removed freely before saving. */
function AccountRows() {
  const { t } = useTranslation('sites');
  const cell = (index: number, name: keyof AccountRowValues, input: ReactNode) => (
    <Form.Item name={[index, name]} style={{ margin: 0 }}>
      {input}
    </Form.Item>
  );
  return (
    <Form.List name="accounts">
      {(rows, { add, remove }) => (
        <>
          <Table
            size="small"
            bordered
            rowKey="key"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 1100 }}
            locale={{ emptyText: t('new.noAccounts') }}
            columns={[
              {
                key: 'account',
                title: t('account.account'),
                render: (_, row) => cell(row.name, 'account', <Input maxLength={200} data-testid={`site-account-${row.name}-account`} />),
              },
              {
                key: 'password',
                title: t('account.password'),
                render: (_, row) =>
                  cell(row.name, 'password', <Input.Password maxLength={500} autoComplete="new-password" data-testid={`site-account-${row.name}-password`} />),
              },
              { key: 'phone', title: t('account.phone'), width: 140, render: (_, row) => cell(row.name, 'phone', <Input maxLength={50} data-testid={`site-account-${row.name}-phone`} />) },
              {
                key: 'freeze',
                title: t('account.freeze'),
                width: 130,
                render: (_, row) => cell(row.name, 'freeze_seconds', <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid={`site-account-${row.name}-freeze`} />),
              },
              { key: 'headers', title: t('account.headers'), render: (_, row) => cell(row.name, 'headers', <Input maxLength={20000} data-testid={`site-account-${row.name}-headers`} />) },
              { key: 'cookies', title: t('account.cookies'), render: (_, row) => cell(row.name, 'cookies', <Input maxLength={20000} data-testid={`site-account-${row.name}-cookies`} />) },
              { key: 'remarks', title: t('account.remarks'), render: (_, row) => cell(row.name, 'remarks', <Input maxLength={1000} data-testid={`site-account-${row.name}-remarks`} />) },
              {
                key: 'action',
                title: t('account.action'),
                width: 90,
                render: (_, row) => (
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} data-testid={`site-account-${row.name}-remove`}>
                    {t('new.removeAccount')}
                  </Button>
                ),
              },
            ]}
          />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyAccount())} style={{ marginTop: 12 }} data-testid="site-account-add">
            {t('new.addAccount')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
