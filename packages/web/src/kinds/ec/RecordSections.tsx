import { useMemo, type KeyboardEvent } from 'react';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_CATEGORIES, EC_PROCESS_RESULTS, EC_RESPONSE_ACTIONS, type CustomColumn, type EcRecord } from '@portal/contract';
import { PAYLOAD_FIELDS, ecFieldLabel, type PayloadField } from './ecModel';
import type { Lookups } from './ecLookups';
import { ReportSteps, type Step } from '../../records/ReportSteps';
import { Section } from '../../records/Section';
import { ROUNDS, formFields, stepFinished, type RecordFormValues } from './recordForm';

const DATE_FORMAT = 'YYYY-MM-DD';
const testId = (name: string) => ({ 'data-testid': `ec-field-${name}` });
/** Enter confirms a typed date; it must not also submit anything. */
const keepOnEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};
/** The update payload's limits (contract: hint words 500, remarks and reasons 2000). */
const TEXT_MAX = 500;
const REMARKS_MAX = 2000;

/** A payload field's label: the list column's (the contract's), so the list, the history and the form agree. */
export function usePayloadLabel() {
  const { t, i18n } = useTranslation('ecRecords');
  const locale = i18n.language === 'ja' ? 'ja' : 'en';
  return (name: PayloadField) => (name === 'responseRemarks' ? t('field.responseRemarks') : name === 'customInfo' ? t('field.customInfo') : (ecFieldLabel(PAYLOAD_FIELDS[name], locale) ?? name));
}

// `disabled || undefined`: an enabled field takes the form's own state, so a read-only form (an analyst who does not
// manage the client) disables every field.
function DateItem({ name, label, disabled, required }: { name: PayloadField; label: string; disabled?: boolean; required?: boolean }) {
  return (
    <Form.Item name={name} label={label} required={required}>
      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabled={disabled || undefined} onKeyDown={keepOnEnter} {...testId(name)} />
    </Form.Item>
  );
}

function ResultItem({ name, label, disabled }: { name: PayloadField; label: string; disabled?: boolean }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ja' ? 'ja' : 'en';
  const options = Object.entries(EC_PROCESS_RESULTS).map(([value, names]) => ({ value: Number(value), label: names[locale] }));
  return (
    <Form.Item name={name} label={label}>
      <FormSelect allowClear options={options} disabled={disabled || undefined} {...testId(name)} />
    </Form.Item>
  );
}

/** The client's custom columns of one category (section 3): analysts edit them, everyone else reads them. */
export function CustomFields({ columns, disabled, span = 8 }: { columns: readonly CustomColumn[]; disabled?: boolean; span?: number }) {
  if (columns.length === 0) return null;
  return (
    <>
      {columns.map((column) => (
        <Col key={column.column_id} xs={24} md={span}>
          <Form.Item name={['custom', column.column_name]} label={column.column_name}>
            <Input maxLength={TEXT_MAX} disabled={disabled || undefined} {...testId(`custom-${column.column_name}`)} />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}

/** The custom columns of one category, ordered as the list orders them. */
export function customsOf(columns: readonly CustomColumn[], category: number): CustomColumn[] {
  return columns.filter((c) => c.column_category === category).sort((a, b) => a.column_order - b.column_order || a.column_id - b.column_id);
}

/** Categorized info (section 6: analysts edit it): categorize date, subcategory, product category, hints, remarks. */
export function CategorizeSection({ analyst, lookups }: { analyst: boolean; lookups: Lookups }) {
  const { t } = useTranslation(['ecRecords', 'records']);
  const label = usePayloadLabel();
  const locale = lookups.locale;
  const disabled = !analyst;
  const categoryId = Form.useWatch<number | null | undefined>('categoryId');
  const categoryOptions = useMemo(
    () =>
      lookups.categories.map((main) => {
        const mainName = locale === 'ja' ? main.name || main.name_en : main.name_en || main.name;
        return {
          label: mainName,
          title: mainName,
          options: main.subcategories.map((sub) => {
            const subName = locale === 'ja' ? sub.name || sub.name_en : sub.name_en || sub.name;
            return { value: sub.id, label: subName, search: `${mainName} ${subName} ${sub.code}`.toLowerCase() };
          }),
        };
      }),
    [lookups.categories, locale],
  );
  const sub = typeof categoryId === 'number' ? lookups.subcategories.get(categoryId) : undefined;
  const aggregate = sub ? AGGREGATE_CATEGORIES[sub.common as keyof typeof AGGREGATE_CATEGORIES]?.[locale] : undefined;
  // A subcategory the lookup does not know (a client user may not read the master) still shows its id.
  const unknownCategory = typeof categoryId === 'number' && !sub ? [{ label: '', options: [{ value: categoryId, label: `#${categoryId}`, search: '' }] }] : [];

  return (
    <Section title={t('records:detail.categorized')} testid="ec-section-categorized">
      <Col xs={24} md={8}>
        <DateItem name="categorizeDate" label={label('categorizeDate')} disabled={disabled || undefined} required={analyst} />
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name="categoryId" label={label('categoryId')} required={analyst} extra={aggregate ? t('detail.aggregate', { name: aggregate }) : undefined}>
          <FormSelect
            allowClear
            showSearch
            disabled={disabled || undefined}
            options={[...unknownCategory, ...categoryOptions]}
            filterOption={(input, option) => Boolean((option as { search?: string } | undefined)?.search?.includes(input.trim().toLowerCase()))}
            placeholder={t('detail.categoryPlaceholder')}
            popupMatchSelectWidth={false}
            {...testId('categoryId')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="productCategoryId" label={label('productCategoryId')}>
          <FormSelect allowClear showSearch optionFilterProp="label" disabled={disabled || undefined} options={[...lookups.productCategoryList]} {...testId('productCategoryId')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="titleHintWord" label={label('titleHintWord')}>
          <Input maxLength={TEXT_MAX} disabled={disabled || undefined} {...testId('titleHintWord')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="brandHintWord" label={label('brandHintWord')}>
          <Input maxLength={TEXT_MAX} disabled={disabled || undefined} {...testId('brandHintWord')} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="categoryRemarks" label={label('categoryRemarks')}>
          <Input.TextArea maxLength={REMARKS_MAX} autoSize={{ minRows: 2, maxRows: 6 }} disabled={disabled || undefined} {...testId('categoryRemarks')} />
        </Form.Item>
      </Col>
      <CustomFields columns={customsOf(lookups.customColumns, 2)} disabled={disabled || undefined} />
    </Section>
  );
}

/** The client's response (editable by client users and analysts). */
export function ResponseSection({ analyst, lookups }: { analyst: boolean; lookups: Lookups }) {
  const { t } = useTranslation('records');
  const label = usePayloadLabel();
  const actionOptions = Object.entries(EC_RESPONSE_ACTIONS).map(([value, names]) => ({ value: Number(value), label: names[lookups.locale] }));
  const trademarkId = Form.useWatch<number | null | undefined>('trademarkId');
  const unknownTrademark = typeof trademarkId === 'number' && !lookups.trademarks.has(trademarkId) ? [{ value: trademarkId, label: `#${trademarkId}` }] : [];
  return (
    <Section title={t('detail.response')} testid="ec-section-response">
      <Col xs={24} md={8}>
        <Form.Item name="action" label={label('action')}>
          <FormSelect allowClear options={actionOptions} {...testId('action')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="trademarkId" label={label('trademarkId')}>
          <FormSelect allowClear showSearch optionFilterProp="label" options={[...unknownTrademark, ...lookups.trademarkList]} popupMatchSelectWidth={false} {...testId('trademarkId')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <DateItem name="responseDate" label={label('responseDate')} disabled={false} />
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="reason" label={label('reason')}>
          <Input.TextArea maxLength={REMARKS_MAX} autoSize={{ minRows: 2, maxRows: 6 }} {...testId('reason')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="responseRemarks" label={label('responseRemarks')}>
          <Input.TextArea maxLength={REMARKS_MAX} autoSize={{ minRows: 2, maxRows: 6 }} {...testId('responseRemarks')} />
        </Form.Item>
      </Col>
      <CustomFields columns={customsOf(lookups.customColumns, 3)} disabled={!analyst} />
    </Section>
  );
}

/** Report info (section 4) in the shared four steps, with EC's declaration status and custom columns. */
export function ReportSection({ analyst, lookups, step, onStep, record }: { analyst: boolean; lookups: Lookups; step: Step; onStep: (step: Step) => void; record: EcRecord }) {
  const label = usePayloadLabel();
  const form = Form.useFormInstance<RecordFormValues>();
  // Every value change re-renders the steps' status.
  const watched = Form.useWatch([], { form, preserve: true }) as RecordFormValues | undefined;
  const fields = formFields(watched ?? {}, record);
  const disabled = !analyst;

  return (
    <ReportSteps prefix="ec" step={step} onStep={onStep} finished={(s) => stepFinished(fields, s)}>
      {(shown) => (
        <>
          {ROUNDS.map((n) => (
            <Row gutter={16} key={n} style={shown(n)} data-testid={`ec-step-form-${n}`}>
              <Col xs={24} md={8}>
                <DateItem name={`process${n}Date`} label={label(`process${n}Date`)} disabled={disabled || undefined} />
              </Col>
              <Col xs={24} md={8}>
                <ResultItem name={`process${n}Result`} label={label(`process${n}Result`)} disabled={disabled || undefined} />
              </Col>
              <Col xs={24} md={8}>
                <DateItem name={`process${n}ConfirmDate`} label={label(`process${n}ConfirmDate`)} disabled={disabled || undefined} />
              </Col>
              <CustomFields columns={customsOf(lookups.customColumns, 3 + n)} disabled={disabled || undefined} />
            </Row>
          ))}
          <Row gutter={16} style={shown(4)} data-testid="ec-step-form-4">
            <Col xs={24} md={8}>
              <ResultItem name="processResult" label={label('processResult')} disabled={disabled || undefined} />
            </Col>
            <Col xs={24} md={8}>
              <DateItem name="processConfirmDate" label={label('processConfirmDate')} disabled={disabled || undefined} />
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="declarationStatus" label={label('declarationStatus')}>
                <Input maxLength={200} disabled={disabled || undefined} {...testId('declarationStatus')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="processRemarks" label={label('processRemarks')}>
                <Input.TextArea maxLength={REMARKS_MAX} autoSize={{ minRows: 2, maxRows: 6 }} disabled={disabled || undefined} {...testId('processRemarks')} />
              </Form.Item>
            </Col>
            <CustomFields columns={customsOf(lookups.customColumns, 7)} disabled={disabled || undefined} />
          </Row>
        </>
      )}
    </ReportSteps>
  );
}
