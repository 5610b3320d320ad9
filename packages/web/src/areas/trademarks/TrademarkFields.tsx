import type { KeyboardEvent } from 'react';
import { Col, DatePicker, Form, Input, Row, Switch } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useTranslation } from 'react-i18next';
import { trademarks } from '@portal/contract';
import { NICE_CLASSES, TRADEMARK_REGIONS } from '@portal/contract/trademark-lists';
import { toLocale } from '../../platform/i18n';
import { DATE_FORMAT, STATUS_LABELS, matchesOption } from './model';

const { TRADEMARK_TEXT_MAX: TEXT_MAX, TRADEMARK_DESCRIPTION_MAX: DESCRIPTION_MAX, TRADEMARK_REMARKS_MAX: REMARKS_MAX } = trademarks;
const testId = (name: string) => ({ 'data-testid': `trademark-field-${name}` });
/** Enter confirms a typed date; it must not also submit the form (the browser's implicit submission). */
const keepFormOnEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** The trademark's own fields (spec 3), named as the contract's payload; the client and the image are the form's. */
export function TrademarkFields() {
  const { t, i18n } = useTranslation('trademarks');
  const locale = toLocale(i18n.language);
  const regionOptions = TRADEMARK_REGIONS.map((r) => ({ value: r.code, label: r[locale] }));
  const genreOptions = NICE_CLASSES.map((c) => ({
    value: String(c.class),
    label: `${c.class} ${c[locale]}`,
    title: locale === 'ja' ? c.headingJa : c.headingEn,
  }));
  const statusOptions = [
    { value: '', label: t('status.blank') },
    ...([1, 2, 3] as const).map((s) => ({ value: s, label: t(STATUS_LABELS[s]) })),
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.region')} name="region" required>
          <FormSelect showSearch filterOption={matchesOption} options={regionOptions} placeholder={t('field.regionPlaceholder')} {...testId('region')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.no')} name="no" required>
          <Input maxLength={TEXT_MAX} {...testId('no')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.type')} name="type" required>
          <FormSelect showSearch optionFilterProp="label" options={genreOptions} placeholder={t('field.typePlaceholder')} {...testId('type')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.text')} name="text" required>
          <Input maxLength={TEXT_MAX} {...testId('text')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={8}>
        <Form.Item label={t('field.registerDate')} name="registerDate">
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} onKeyDown={keepFormOnEnter} {...testId('registerDate')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={8}>
        <Form.Item label={t('field.invalidDate')} name="invalidDate">
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} onKeyDown={keepFormOnEnter} {...testId('invalidDate')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('field.remindFlag')} name="remindFlag" valuePropName="checked" tooltip={t('field.remindHint')}>
          <Switch checkedChildren={t('remind.yes')} unCheckedChildren={t('remind.no')} {...testId('remindFlag')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.belongsto')} name="belongsto">
          <Input maxLength={TEXT_MAX} {...testId('belongsto')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.status')} name="status">
          <FormSelect options={statusOptions} {...testId('status')} />
        </Form.Item>
      </Col>
      {(['descriptionJP', 'descriptionEN', 'descriptionCN'] as const).map((name) => (
        <Col key={name} xs={24} lg={8}>
          <Form.Item label={t(`field.${name}`)} name={name}>
            <Input.TextArea maxLength={DESCRIPTION_MAX} autoSize={{ minRows: 3, maxRows: 8 }} {...testId(name)} />
          </Form.Item>
        </Col>
      ))}
      <Col span={24}>
        <Form.Item label={t('field.remarks')} name="remarks">
          <Input.TextArea maxLength={REMARKS_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} {...testId('remarks')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
