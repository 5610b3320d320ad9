import { Alert, Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Typography } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useCall } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { Role, accounts, clients, hasRole, type Service } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { useUser } from '../../platform/session';
import { CURRENCIES, DATE_FORMAT, currencyCode, isBlank, isPartial, type ContractValues } from './clientModel';

interface AnalystOption {
  value: number;
  label: string;
}

/**
 * The manager choices: the analysts (users with the analyst bit, spec 6). Only administrators may list users;
 * others (an analyst reading a client) see the client's own managers, passed as `known`.
 */
function useAnalystOptions(known: readonly { user_id: number; user_name: string }[]) {
  const user = useUser();
  const isAdmin = hasRole(user.user_role, Role.ADMIN);
  const query = useCall('/api/admin/search-users', { role: Role.ANALYST }, { select: (answer) => answer.users, enabled: isAdmin, staleTime: 60_000 });
  const options = new Map<number, AnalystOption>();
  for (const analyst of query.data ?? []) {
    if (hasRole(analyst.user_role, Role.ANALYST)) options.set(analyst.user_id, { value: analyst.user_id, label: analyst.user_name });
  }
  for (const analyst of known) {
    if (!options.has(analyst.user_id)) options.set(analyst.user_id, { value: analyst.user_id, label: analyst.user_name });
  }
  return { options: [...options.values()], loading: query.isLoading, error: query.error };
}

/** Company name, tel, address, analysts in charge and remarks (spec 2.8; the detail's basic tab too). */
export function BasicFields({
  managers = [],
  editable = true,
}: {
  managers?: readonly { user_id: number; user_name: string }[];
  editable?: boolean;
}) {
  const { t } = useTranslation('clients');
  const analysts = useAnalystOptions(managers);
  return (
    <>
      {analysts.error && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('field.managersFailed', { message: errorMessage(analysts.error) })}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('field.name')} name="name" required={editable}>
            <Input maxLength={clients.CLIENT_NAME_MAX} showCount={editable} placeholder={t('field.namePlaceholder')} data-testid="client-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('field.tel')} name="tel">
            <Input placeholder={t('field.telPlaceholder')} autoComplete="off" data-testid="client-tel" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('field.address')} name="address">
        <Input maxLength={clients.CLIENT_ADDRESS_MAX} showCount={editable} placeholder={t('field.addressPlaceholder')} data-testid="client-address" />
      </Form.Item>
      <Form.Item label={t('field.managers')} name="managerIds">
        <FormSelect
          mode="multiple"
          allowClear
          options={analysts.options}
          loading={analysts.loading}
          optionFilterProp="label"
          placeholder={t('field.managersPlaceholder')}
          data-testid="client-managers"
        />
      </Form.Item>
      <Form.Item label={t('field.remarks')} name="remarks">
        <Input.TextArea
          rows={3}
          maxLength={accounts.REMARKS_MAX}
          showCount={editable}
          placeholder={t('field.remarksPlaceholder')}
          data-testid="client-remarks"
        />
      </Form.Item>
    </>
  );
}

const currencyOptions = CURRENCIES.map((value) => ({ value, label: currencyCode(value) }));

/**
 * One service's contract: start, end, fee, currency and the remind-mail box (spec 2.8). A section filled only in
 * part says so at once; the schema refuses it on submit with the same message.
 */
export function ContractSection({ service, editable }: { service: Service; editable: boolean }) {
  const { t } = useTranslation(['clients', 'contract']);
  const form = Form.useFormInstance();
  // preserve: read the store even where no input is mounted (a read-only section without a contract).
  const values = Form.useWatch<ContractValues | undefined>(service, { form, preserve: true });
  const id = (part: string) => `contract-${service}-${part}`;
  const clear = () => {
    form.setFieldValue(service, { startDate: null, endDate: null, fee: null, currency: null, remindMail: true });
  };
  return (
    <Card
      type="inner"
      size="small"
      title={t(`contract:service.${service}`)}
      extra={
        editable && (
          <Button type="link" size="small" onClick={clear} data-testid={id('clear')}>
            {t('contract.clear')}
          </Button>
        )
      }
      data-testid={`contract-${service}`}
    >
      {/* Read-only, a service without a contract says so rather than show empty disabled inputs. */}
      {!editable && isBlank(values) ? (
        <Typography.Text type="secondary" data-testid={id('none')}>
          {t('contract.none')}
        </Typography.Text>
      ) : (
        <ContractInputs service={service} />
      )}
      {isPartial(values) && (
        <Typography.Text type="danger" data-testid={id('incomplete')}>
          {t('contract:validation.contractIncomplete')}
        </Typography.Text>
      )}
    </Card>
  );
}

/** Thousands separators while typing; the form value stays a number. */
const formatAmount = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
// A string, not a number: an emptied input must stay empty (null), not become 0.
const parseAmount = (text: string | undefined) => (text ?? '').replace(/,/g, '');

function ContractInputs({ service }: { service: Service }) {
  const { t } = useTranslation('clients');
  const id = (part: string) => `contract-${service}-${part}`;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('contract.start')} name={[service, 'startDate']}>
            <DatePicker
              format={DATE_FORMAT}
              placeholder={t('contract.startPlaceholder')}
              style={{ width: '100%' }}
              data-testid={id('start')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('contract.end')} name={[service, 'endDate']}>
            <DatePicker
              format={DATE_FORMAT}
              placeholder={t('contract.endPlaceholder')}
              style={{ width: '100%' }}
              data-testid={id('end')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('contract.fee')} name={[service, 'fee']}>
            <InputNumber
              min={0}
              max={clients.FEE_MAX}
              controls={false}
              formatter={formatAmount}
              parser={parseAmount}
              placeholder={t('contract.feePlaceholder')}
              style={{ width: '100%' }}
              data-testid={id('fee')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('contract.currency')} name={[service, 'currency']}>
            <FormSelect allowClear options={currencyOptions} placeholder={t('contract.currencyPlaceholder')} data-testid={id('currency')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={[service, 'remindMail']} valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox data-testid={id('remind')}>{t('contract.remindMail')}</Checkbox>
      </Form.Item>
    </>
  );
}
