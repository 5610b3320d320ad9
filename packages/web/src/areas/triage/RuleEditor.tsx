import { useEffect, useMemo, useState } from 'react';
import type { ButtonProps } from 'antd';
import { Alert, Button, Col, Divider, Input, Modal, Row, Select, Space, Spin, Statistic, Switch, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { TRIAGE_KINDS, triage, type BacktestAnswer, type TriageKind, type TriageRuleBody } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../platform/api';
import { ConditionEditor, newCondition } from './ConditionEditor';
import { categoryLabel, useCategoryOptions } from './queries';
import { TraceList } from './trace';

/** How long the editor waits after the last change before it backtests the rule. */
const BACKTEST_DELAY_MS = 600;

export type Draft = Omit<TriageRuleBody, 'subcategoryId'> & { subcategoryId: number | null };

export const emptyDraft = (kind: TriageKind = 'ec'): Draft => ({ kind, name: '', enabled: true, conditions: [newCondition('words')], subcategoryId: null, productCategoryId: null, remark: '' });

/**
 * The rule editor (issue 19, point 3): the conditions and the suggestion, and beside them the backtest of the rule as
 * it stands, re-run a moment after each change: how many categorized records it matches, its precision and recall,
 * and the records it would suggest otherwise than the analysts decided.
 */
export function RuleEditor({ clientId, initial, open, busy, onSave, onCancel }: {
  clientId: number;
  initial: Draft;
  open: boolean;
  busy: boolean;
  onSave: (rule: TriageRuleBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('triage');
  const [draft, setDraft] = useState<Draft>(initial);
  useEffect(() => setDraft(initial), [initial]);
  const categories = useCategoryOptions(draft.kind);
  const parsed = useMemo(() => triage.ruleBody.safeParse({ ...draft, subcategoryId: draft.subcategoryId ?? 0 }), [draft]);
  // The contract's message keys come from zod at run time, not from the typed catalogue keys i18next knows.
  const contractText = useTranslation('contract').t as unknown as (key: string, params: object) => string;
  const problem = parsed.success ? null : contractText(parsed.error.issues[0]?.message ?? 'validation.invalid', { field: t('editor.field'), maximum: '' });
  const [backtest, setBacktest] = useState<{ answer?: BacktestAnswer; error?: string; running: boolean }>({ running: false });

  useEffect(() => {
    if (!open || !parsed.success) return undefined;
    let live = true;
    const timer = window.setTimeout(() => {
      setBacktest((b) => ({ ...b, running: true }));
      api('/api/triage/backtest', { clientId, rule: parsed.data })
        .then((answer) => live && setBacktest({ answer, running: false }))
        .catch((error: unknown) => live && setBacktest({ error: errorMessage(error), running: false }));
    }, BACKTEST_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [open, clientId, parsed]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const percent = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${(n * 100).toFixed(1)} %`);
  const answer = backtest.answer;
  return (
    <Modal
      open={open}
      width={1100}
      title={t('editor.title')}
      onCancel={onCancel}
      okText={t('editor.save')}
      cancelText={t('editor.cancel')}
      okButtonProps={{ disabled: !parsed.success, loading: busy, 'data-testid': 'triage-rule-save' } as ButtonProps}
      onOk={() => parsed.success && onSave(parsed.data)}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col span={14}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Select
                value={draft.kind}
                style={{ width: 120 }}
                onChange={(kind: TriageKind) => set({ kind, conditions: [newCondition('words')], subcategoryId: null, productCategoryId: null })}
                options={TRIAGE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
                data-testid="triage-rule-kind"
              />
              <Input value={draft.name} onChange={(e) => set({ name: e.target.value })} placeholder={t('editor.name')} maxLength={200} style={{ width: 320 }} data-testid="triage-rule-name" />
              <Switch checked={draft.enabled} onChange={(enabled) => set({ enabled })} checkedChildren={t('editor.enabled')} unCheckedChildren={t('editor.disabled')} />
            </Space>
            <Typography.Text strong>{t('editor.conditions')}</Typography.Text>
            {draft.conditions.map((c, i) => (
              <ConditionEditor
                key={i}
                index={i}
                kind={draft.kind}
                value={c}
                onChange={(next) => set({ conditions: draft.conditions.map((x, j) => (j === i ? next : x)) })}
                onRemove={() => set({ conditions: draft.conditions.filter((_, j) => j !== i) })}
              />
            ))}
            <Button icon={<PlusOutlined />} onClick={() => set({ conditions: [...draft.conditions, newCondition('words')] })} data-testid="triage-add-condition">
              {t('editor.addCondition')}
            </Button>
            <Divider style={{ margin: '8px 0' }} />
            <Typography.Text strong>{t('editor.suggestion')}</Typography.Text>
            <Select
              showSearch
              optionFilterProp="label"
              value={draft.subcategoryId ?? undefined}
              onChange={(subcategoryId: number) => set({ subcategoryId })}
              options={categories}
              placeholder={t('editor.category')}
              style={{ width: '100%' }}
              data-testid="triage-rule-category"
            />
            <Input.TextArea value={draft.remark} onChange={(e) => set({ remark: e.target.value })} placeholder={t('editor.remark')} maxLength={2000} autoSize={{ minRows: 1, maxRows: 3 }} data-testid="triage-rule-remark" />
            {problem && draft.name !== '' && <Alert type="info" showIcon message={problem} />}
          </Space>
        </Col>
        <Col span={10} data-testid="triage-backtest">
          <Typography.Title level={5}>
            {t('backtest.title')} {backtest.running && <Spin size="small" />}
          </Typography.Title>
          {!parsed.success && <Typography.Text type="secondary">{t('backtest.incomplete')}</Typography.Text>}
          {backtest.error && <Alert type="warning" showIcon message={backtest.error} />}
          {answer && parsed.success && (
            <>
              <Space size="large" wrap>
                <Statistic title={t('backtest.matched')} value={answer.matched} suffix={`/ ${answer.categorized}`} />
                <Statistic title={t('backtest.precision')} value={percent(answer.precision)} />
                <Statistic title={t('backtest.recall')} value={percent(answer.recall)} />
              </Space>
              <Typography.Paragraph type="secondary" data-testid="triage-backtest-summary">
                {t('backtest.summary', { matched: answer.matched, agreed: answer.agreed, inSubcategory: answer.inSubcategory, category: categoryLabel(categories, draft.subcategoryId) })}
              </Typography.Paragraph>
              {answer.disagreements.length > 0 && (
                <Table
                  size="small"
                  rowKey="recordId"
                  pagination={false}
                  scroll={{ y: 260 }}
                  dataSource={answer.disagreements}
                  columns={[
                    { title: t('backtest.record'), dataIndex: 'recordId', width: 80 },
                    { title: t('backtest.text'), dataIndex: 'text', ellipsis: true },
                    { title: t('backtest.analysts'), dataIndex: 'subcategoryId', render: (id: number | null) => categoryLabel(categories, id), ellipsis: true },
                  ]}
                  expandable={{ expandedRowRender: (d) => <TraceList rule={draft.name} trace={d.trace} /> }}
                />
              )}
            </>
          )}
        </Col>
      </Row>
    </Modal>
  );
}
