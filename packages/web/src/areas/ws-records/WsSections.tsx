import type { KeyboardEvent, ReactNode } from 'react';
import { App, Button, Card, Col, DatePicker, Descriptions, Flex, Form, Input, Row, Select, Steps, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WsRecord, WsUpdateField } from '@portal/contract';
import type { Step } from '../ec-records/detail/RecordSections';
import {
  actionOptions,
  resultOptions,
  safeUrl,
  siteCategoryOptions,
  whoisText,
  wsFieldLabel,
  wsFormFields,
  wsStepFinished,
  wsValueText,
  WS_UPDATE_FIELD_NAMES,
  type WsFormValues,
  type WsLookups,
} from './wsModel';

const DATE_FORMAT = 'YYYY-MM-DD';
const REMARKS_MAX = 2000;
const testId = (name: string) => ({ 'data-testid': `ws-field-${name}` });
/** Enter confirms a typed date; it must not also submit anything. */
const keepOnEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};
/** antd's Row sets display: flex, which the hidden attribute cannot beat. */
const HIDDEN = { display: 'none' } as const;
const STEPS: readonly Step[] = [1, 2, 3, 4];
const ROUNDS = [1, 2, 3] as const;

/** A payload field's label: the list column's (the contract's), so the list, the history and the form agree. */
const labelOf = (name: WsUpdateField, locale: 'en' | 'ja') => wsFieldLabel(WS_UPDATE_FIELD_NAMES[name], locale);

function Section({ title, children, testid, extra }: { title: string; children: ReactNode; testid: string; extra?: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} style={{ marginBottom: 16 }} data-testid={testid}>
      <Row gutter={16}>{children}</Row>
    </Card>
  );
}

// `disabled || undefined`: an enabled field takes the form's own state, so a read-only form (an analyst who does not
// manage the client) disables every field.
function DateItem({ name, locale, disabled, required }: { name: WsUpdateField; locale: 'en' | 'ja'; disabled?: boolean; required?: boolean }) {
  return (
    <Form.Item name={name} label={labelOf(name, locale)} required={required}>
      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabled={disabled || undefined} onKeyDown={keepOnEnter} {...testId(name)} />
    </Form.Item>
  );
}

function SelectItem({ name, locale, disabled, options, required }: { name: WsUpdateField; locale: 'en' | 'ja'; disabled?: boolean; options: { value: number; label: string }[]; required?: boolean }) {
  return (
    <Form.Item name={name} label={labelOf(name, locale)} required={required}>
      <Select allowClear showSearch optionFilterProp="label" options={options} disabled={disabled || undefined} popupMatchSelectWidth={false} {...testId(name)} />
    </Form.Item>
  );
}

function TextItem({ name, locale, disabled }: { name: WsUpdateField; locale: 'en' | 'ja'; disabled?: boolean }) {
  return (
    <Form.Item name={name} label={labelOf(name, locale)}>
      <Input.TextArea maxLength={REMARKS_MAX} autoSize={{ minRows: 2, maxRows: 6 }} disabled={disabled || undefined} {...testId(name)} />
    </Form.Item>
  );
}

/** The whois text preformatted (kept lines, wrapped when long, scrolled when tall), with a copy button. */
export function Whois({ text }: { text: string }) {
  const { t } = useTranslation('wsRecords');
  const { message } = App.useApp();
  const shown = whoisText(text);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      void message.success(t('detail.copied'));
    } catch {
      void message.error(t('detail.copyFailed'));
    }
  };
  return (
    <Flex vertical gap={4} data-testid="ws-whois">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('detail.whois')}</Typography.Text>
        <Button size="small" icon={<CopyOutlined />} disabled={!shown} onClick={() => void copy()} data-testid="ws-whois-copy">
          {t('detail.copy')}
        </Button>
      </Flex>
      {shown ? (
        <pre
          style={{ margin: 0, padding: 12, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12, lineHeight: 1.5, background: 'rgba(0, 0, 0, 0.03)', borderRadius: 6 }}
          data-testid="ws-whois-text"
        >
          {shown}
        </pre>
      ) : (
        <Typography.Text type="secondary">{t('detail.whoisEmpty')}</Typography.Text>
      )}
    </Flex>
  );
}

const SCRAPE_FIELDS = [
  'id', 'no', 'reportId', 'searchEngine', 'scanDate', 'searchKeyword', 'pageDomain', 'pageURL', 'domainRegion', 'tld', 'domainContact',
  'redirectURL', 'domainCreatedAt', 'domainExpireAt', 'domainUpdatedAt',
] as const satisfies readonly (keyof WsRecord)[];

/** Scrape info (read-only for everyone): the scraped fields, URLs as links, and the whois. */
export function ScrapeSection({ record, lookups }: { record: WsRecord; lookups: WsLookups }) {
  const { t } = useTranslation('wsRecords');
  return (
    <Card size="small" title={t('detail.scrape')} style={{ marginBottom: 16 }} data-testid="ws-section-scrape">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={SCRAPE_FIELDS.map((key) => {
          const raw = record[key];
          const text = wsValueText(key, raw, lookups);
          const href = key === 'pageURL' || key === 'redirectURL' ? safeUrl(String(raw ?? '')) : null;
          return {
            key,
            label: wsFieldLabel(key, lookups.locale),
            children: href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer" style={{ overflowWrap: 'anywhere' }}>
                {text}
              </a>
            ) : (
              <span style={{ overflowWrap: 'anywhere' }} data-testid={`ws-scrape-${key}`}>
                {text}
              </span>
            ),
          };
        })}
      />
      <Whois text={record.whois} />
    </Card>
  );
}

/** Categorized info (analysts edit it): categorize date, site category 1-11, remarks. */
export function CategorizeSection({ analyst, locale }: { analyst: boolean; locale: 'en' | 'ja' }) {
  const { t } = useTranslation(['ecRecords', 'wsRecords']);
  const disabled = !analyst;
  return (
    <Section title={t('detail.categorized')} testid="ws-section-categorized">
      <Col xs={24} md={8}>
        <DateItem name="categorizeDate" locale={locale} disabled={disabled || undefined} required={analyst} />
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="categoryId" label={labelOf('categoryId', locale)} required={analyst}>
          <Select allowClear options={siteCategoryOptions(locale)} disabled={disabled || undefined} placeholder={t('wsRecords:detail.sitePlaceholder')} popupMatchSelectWidth={false} {...testId('categoryId')} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <TextItem name="remarks" locale={locale} disabled={disabled || undefined} />
      </Col>
    </Section>
  );
}

/** The client's response (client users and analysts): action 1-3, trademark, response date, remarks. */
export function ResponseSection({ lookups, trademarkList }: { lookups: WsLookups; trademarkList: readonly { value: number; label: string }[] }) {
  const { t } = useTranslation('ecRecords');
  const locale = lookups.locale;
  const trademarkId = Form.useWatch<number | null | undefined>('trademarkId');
  const unknownTrademark = typeof trademarkId === 'number' && !lookups.trademarks.has(trademarkId) ? [{ value: trademarkId, label: `#${trademarkId}` }] : [];
  return (
    <Section title={t('detail.response')} testid="ws-section-response">
      <Col xs={24} md={8}>
        <SelectItem name="action" locale={locale} disabled={false} options={actionOptions(locale)} />
      </Col>
      <Col xs={24} md={8}>
        <SelectItem name="trademarkId" locale={locale} disabled={false} options={[...unknownTrademark, ...trademarkList]} />
      </Col>
      <Col xs={24} md={8}>
        <DateItem name="responseDate" locale={locale} disabled={false} />
      </Col>
      <Col span={24}>
        <TextItem name="responseRemarks" locale={locale} disabled={false} />
      </Col>
    </Section>
  );
}

/**
 * Report info in four steps (1st to 3rd report, final result): a step is finished when its result and date are both
 * filled; any step can be chosen, saving enforces the order. Every step's fields stay mounted (the others hidden).
 */
export function ReportSection({ analyst, locale, step, onStep }: { analyst: boolean; locale: 'en' | 'ja'; step: Step; onStep: (step: Step) => void }) {
  const { t } = useTranslation('ecRecords');
  const form = Form.useFormInstance<WsFormValues>();
  const watched = Form.useWatch([], { form, preserve: true }) as WsFormValues | undefined;
  const fields = wsFormFields(watched ?? {});
  const disabled = !analyst;
  const titles: Record<Step, string> = { 1: t('step.1'), 2: t('step.2'), 3: t('step.3'), 4: t('step.4') };
  const results = resultOptions(locale);
  return (
    <Card size="small" title={t('detail.report')} style={{ marginBottom: 16 }} data-testid="ws-section-report">
      <Steps
        size="small"
        current={step - 1}
        onChange={(index) => onStep((index + 1) as Step)}
        items={STEPS.map((s) => ({
          title: <span data-testid={`ws-step-${s}`}>{titles[s]}</span>,
          status: s === step ? 'process' : wsStepFinished(fields, s) ? 'finish' : 'wait',
          description: wsStepFinished(fields, s) ? <Tag color="success">{t('step.done')}</Tag> : <Typography.Text type="secondary">{t('step.waiting')}</Typography.Text>,
        }))}
        style={{ marginBottom: 16 }}
      />
      {ROUNDS.map((n) => (
        <Row gutter={16} key={n} style={step === n ? undefined : HIDDEN} data-testid={`ws-step-form-${n}`}>
          <Col xs={24} md={8}>
            <DateItem name={`process${n}Date`} locale={locale} disabled={disabled || undefined} />
          </Col>
          <Col xs={24} md={8}>
            <SelectItem name={`process${n}Result`} locale={locale} disabled={disabled || undefined} options={results} />
          </Col>
          <Col xs={24} md={8}>
            <DateItem name={`process${n}ConfirmDate`} locale={locale} disabled={disabled || undefined} />
          </Col>
        </Row>
      ))}
      <Row gutter={16} style={step === 4 ? undefined : HIDDEN} data-testid="ws-step-form-4">
        <Col xs={24} md={8}>
          <SelectItem name="processResult" locale={locale} disabled={disabled || undefined} options={results} />
        </Col>
        <Col xs={24} md={8}>
          <DateItem name="processConfirmDate" locale={locale} disabled={disabled || undefined} />
        </Col>
        <Col span={24}>
          <TextItem name="processRemarks" locale={locale} disabled={disabled || undefined} />
        </Col>
      </Row>
      <Flex>
        <Typography.Text type="secondary">{t('step.hint')}</Typography.Text>
      </Flex>
    </Card>
  );
}
