import type { ReactNode } from 'react';
import { Descriptions, Form, Input } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useTranslation } from 'react-i18next';
import { accounts } from '@portal/contract';
import { ROLE_LABELS, STAFF_ROLE_BITS, type AccountFormValues, type AccountKind } from './model';
import { useClientChoices } from '../../components/clientChoices';

/**
 * The fields an administrator edits on both the new and the detail page, in the spec's order: name, role (staff),
 * tel, department (client users), remarks, company (client users). Limits come from the contract, so an input
 * cannot exceed what the server accepts. `children` go right after the name (the new page's mail and passwords).
 */
export function AccountFields({ kind, children }: { kind: AccountKind; children?: ReactNode }) {
  const { t } = useTranslation(['accounts', 'common']);
  return (
    <>
      <Form.Item label={t('field.name')} name="name" required>
        <Input maxLength={accounts.ACCOUNT_NAME_MAX} autoComplete="off" data-testid="account-name" />
      </Form.Item>
      {children}
      {kind === 'staff' && (
        <Form.Item label={t('field.role')} name="roles" required>
          <FormSelect<number[]>
            mode="multiple"
            placeholder={t('placeholder.role')}
            options={STAFF_ROLE_BITS.map((bit) => ({ value: bit, label: t(ROLE_LABELS[bit]) }))}
            data-testid="account-role"
          />
        </Form.Item>
      )}
      <Form.Item label={t('field.tel')} name="tel">
        <Input maxLength={20} autoComplete="off" data-testid="account-tel" />
      </Form.Item>
      {kind === 'client' && (
        <Form.Item label={t('field.department')} name="department">
          <Input maxLength={accounts.DEPARTMENT_MAX} autoComplete="off" data-testid="account-department" />
        </Form.Item>
      )}
      <Form.Item label={t('field.remarks')} name="remarks">
        <Input.TextArea maxLength={accounts.REMARKS_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} data-testid="account-remarks" />
      </Form.Item>
      {kind === 'client' && <CompanyField />}
    </>
  );
}

/** Spec 2.11: the company of a client user, with the chosen company's phone, address and remarks shown read-only. */
function CompanyField() {
  const { t } = useTranslation('accounts');
  const companies = useClientChoices('all');
  const companyId = Form.useWatch<AccountFormValues['companyId']>('companyId');
  const chosen = companies.data?.find((company) => company.client_id === companyId);
  return (
    <>
      <Form.Item
        label={t('field.company')}
        name="companyId"
        required
        validateStatus={companies.isError ? 'error' : undefined}
        help={companies.isError ? t('company.loadFailed') : undefined}
      >
        <FormSelect<number>
          showSearch
          optionFilterProp="label"
          loading={companies.isLoading}
          placeholder={t('placeholder.company')}
          options={companies.data?.map((company) => ({ value: company.client_id, label: company.client_name }))}
          data-testid="account-company"
        />
      </Form.Item>
      {chosen && (
        <Form.Item label=" " colon={false}>
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 120 } }}
            data-testid="account-company-info"
            items={[
              { key: 'tel', label: t('company.tel'), children: chosen.client_tel || '—' },
              { key: 'address', label: t('company.address'), children: chosen.client_address || '—' },
              {
                key: 'remarks',
                label: t('company.remarks'),
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{chosen.client_remarks || '—'}</span>,
              },
            ]}
          />
        </Form.Item>
      )}
    </>
  );
}
