import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { FormSelect } from '../components/FormSelect';
import { useTranslation } from 'react-i18next';
import { ReportSteps, type Step } from './ReportSteps';
import { standardFormFields, standardStepFinished, type StandardField, type StandardFormValues } from './standardForm';
import { Section } from './Section';
import type { TrademarkLookup } from './lookups';

/**
 * The detail form's sections of the kinds with the standard form (WS, SNS; document 3, section 2): categorized info
 * (analysts), the client's response (client users and analysts), and the report info in four steps (analysts).
 */

type Options = readonly { value: number; label: string }[];

export interface StandardSectionsProps {
  /** `ws`, `sns`: the test ids read `${prefix}-field-categoryId`, `${prefix}-section-response` … */
  prefix: string;
  analyst: boolean;
  /** A payload field's label: the list column's (the contract's), so the list, the history and the form agree. */
  label: (field: StandardField) => string;
  categoryOptions: Options;
  categoryPlaceholder: string;
  actionOptions: Options;
  resultOptions: Options;
  trademarks: TrademarkLookup;
}

const DATE_FORMAT = 'YYYY-MM-DD';
const REMARKS_MAX = 2000;
/** Enter confirms a typed date; it must not also submit anything. */
const keepOnEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};
const ROUNDS = [1, 2, 3] as const;

interface ItemProps {
  name: StandardField;
  label: string;
  testId: string;
  disabled?: boolean;
  required?: boolean;
}

// `disabled || undefined`: an enabled field takes the form's own state, so a read-only form (an analyst who does not
// manage the client) disables every field.
function DateItem({ name, label, testId, disabled, required }: ItemProps) {
  return (
    <Form.Item name={name} label={label} required={required}>
      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabled={disabled || undefined} onKeyDown={keepOnEnter} data-testid={testId} />
    </Form.Item>
  );
}

function SelectItem({ name, label, testId, disabled, required, options, placeholder }: ItemProps & { options: Options; placeholder?: string }) {
  return (
    <Form.Item name={name} label={label} required={required}>
      <FormSelect
        allowClear
        showSearch
        optionFilterProp="label"
        options={[...options]}
        disabled={disabled || undefined}
        placeholder={placeholder}
        popupMatchSelectWidth={false}
        data-testid={testId}
      />
    </Form.Item>
  );
}

function TextItem({ name, label, testId, disabled }: ItemProps) {
  return (
    <Form.Item name={name} label={label}>
      <Input.TextArea maxLength={REMARKS_MAX} autoSize={{ minRows: 2, maxRows: 6 }} disabled={disabled || undefined} data-testid={testId} />
    </Form.Item>
  );
}

export function StandardSections(props: StandardSectionsProps) {
  const { t } = useTranslation('records');
  const { prefix, analyst, label, trademarks } = props;
  const [step, setStep] = useState<Step>(1);
  const form = Form.useFormInstance<StandardFormValues>();
  // Every value change re-renders the steps' status.
  const watched = Form.useWatch([], { form, preserve: true }) as StandardFormValues | undefined;
  const fields = standardFormFields(watched ?? {});
  const trademarkId = Form.useWatch<number | null | undefined>('trademarkId');
  const unknownTrademark = typeof trademarkId === 'number' && !trademarks.trademarks.has(trademarkId) ? [{ value: trademarkId, label: `#${trademarkId}` }] : [];
  const disabled = !analyst;
  const item = (name: StandardField) => ({ name, label: label(name), testId: `${prefix}-field-${name}` });
  const col = (node: ReactNode, md = 8) => <Col xs={24} md={md}>{node}</Col>;

  return (
    <>
      <Section title={t('detail.categorized')} testid={`${prefix}-section-categorized`}>
        {col(<DateItem {...item('categorizeDate')} disabled={disabled} required={analyst} />)}
        {col(<SelectItem {...item('categoryId')} disabled={disabled} required={analyst} options={props.categoryOptions} placeholder={props.categoryPlaceholder} />)}
        {col(<TextItem {...item('remarks')} disabled={disabled} />, 24)}
      </Section>
      <Section title={t('detail.response')} testid={`${prefix}-section-response`}>
        {col(<SelectItem {...item('action')} options={props.actionOptions} />)}
        {col(<SelectItem {...item('trademarkId')} options={[...unknownTrademark, ...trademarks.trademarkList]} />)}
        {col(<DateItem {...item('responseDate')} />)}
        {col(<TextItem {...item('responseRemarks')} />, 24)}
      </Section>
      <ReportSteps prefix={prefix} step={step} onStep={setStep} finished={(s) => standardStepFinished(fields, s)}>
        {(shown) => (
          <>
            {ROUNDS.map((n) => (
              <Row gutter={16} key={n} style={shown(n)} data-testid={`${prefix}-step-form-${n}`}>
                {col(<DateItem {...item(`process${n}Date`)} disabled={disabled} />)}
                {col(<SelectItem {...item(`process${n}Result`)} disabled={disabled} options={props.resultOptions} />)}
                {col(<DateItem {...item(`process${n}ConfirmDate`)} disabled={disabled} />)}
              </Row>
            ))}
            <Row gutter={16} style={shown(4)} data-testid={`${prefix}-step-form-4`}>
              {col(<SelectItem {...item('processResult')} disabled={disabled} options={props.resultOptions} />)}
              {col(<DateItem {...item('processConfirmDate')} disabled={disabled} />)}
              {col(<TextItem {...item('processRemarks')} disabled={disabled} />, 24)}
            </Row>
          </>
        )}
      </ReportSteps>
    </>
  );
}
