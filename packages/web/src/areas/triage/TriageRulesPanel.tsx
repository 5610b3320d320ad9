import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateCalls, setCallData, useCall } from '../../platform/calls';
import type { TriageRule, TriageRuleBody } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../platform/api';
import { RuleEditor, emptyDraft, type Draft } from './RuleEditor';
import { TRIAGE_READS } from './queries';

/**
 * The Data Settings tab "Triage rules" (issue 19, point 1): the client's ordered rules, the first matching rule of a
 * record's kind suggests its category. Each change re-evaluates the client's records in the background.
 */
export function TriageRulesPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('triage');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useCall('/api/triage/fetch-rules', { clientId }, { select: (answer) => answer.rules });
  const [editing, setEditing] = useState<{ ruleId: number | null; draft: Draft } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<{ rules: TriageRule[] }>, done: string) => {
    setBusy(true);
    try {
      const answer = await fn();
      setCallData(queryClient, '/api/triage/fetch-rules', { clientId }, (old) => ({ ...old, rules: answer.rules }));
      void invalidateCalls(queryClient, TRIAGE_READS);
      void message.success(done);
      return true;
    } catch (error) {
      void message.error(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = async (rule: TriageRuleBody) => {
    const ruleId = editing?.ruleId ?? null;
    const saved = await run(() => (ruleId === null ? api('/api/triage/create-rule', { clientId, rule }) : api('/api/triage/update-rule', { clientId, ruleId, rule })), t('rules.saved'));
    if (saved) setEditing(null);
  };
  const move = (r: TriageRule, position: number) => run(() => api('/api/triage/move-rule', { clientId, ruleId: r.ruleId, position }), t('rules.moved'));
  const remove = (r: TriageRule) => run(() => api('/api/triage/remove-rule', { clientId, ruleId: r.ruleId }), t('rules.removed'));

  if (rules.isError) return <Alert type="warning" showIcon message={errorMessage(rules.error)} />;
  const list = rules.data ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('rules.intro')}</Typography.Paragraph>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ ruleId: null, draft: emptyDraft() })} data-testid="triage-new-rule">
        {t('rules.new')}
      </Button>
      <Table
        rowKey="ruleId"
        size="small"
        loading={rules.isLoading}
        pagination={false}
        dataSource={list}
        data-testid="triage-rules"
        columns={[
          { title: '#', dataIndex: 'position', width: 50, render: (p: number) => p + 1 },
          { title: t('rules.kind'), dataIndex: 'kind', width: 70, render: (k: TriageRule['kind']) => t(`kind.${k}`) },
          { title: t('rules.name'), dataIndex: 'name', render: (name: string, r) => (r.enabled ? name : <Typography.Text delete>{name}</Typography.Text>) },
          {
            title: t('rules.conditions'),
            dataIndex: 'conditions',
            render: (cs: TriageRule['conditions']) => cs.map((c, i) => <Tag key={i}>{t(`condition.${c.type}`)}</Tag>),
          },
          {
            title: '',
            width: 200,
            render: (_: unknown, r: TriageRule) => (
              <Space>
                <Button size="small" icon={<ArrowUpOutlined />} disabled={r.position === 0 || busy} onClick={() => void move(r, r.position - 1)} aria-label={t('rules.up')} />
                <Button size="small" icon={<ArrowDownOutlined />} disabled={r.position === list.length - 1 || busy} onClick={() => void move(r, r.position + 1)} aria-label={t('rules.down')} />
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ ruleId: r.ruleId, draft: { kind: r.kind, name: r.name, enabled: r.enabled, conditions: r.conditions, subcategoryId: r.subcategoryId, productCategoryId: r.productCategoryId, remark: r.remark } })}
                  aria-label={t('rules.edit')}
                  data-testid={`triage-edit-${r.ruleId}`}
                />
                <Popconfirm title={t('rules.removeConfirm', { name: r.name })} onConfirm={() => void remove(r)} okText={t('rules.remove')} cancelText={t('editor.cancel')}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('rules.remove')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <RuleEditor clientId={clientId} initial={editing.draft} open busy={busy} onSave={(r) => void save(r)} onCancel={() => setEditing(null)} />}
    </Space>
  );
}
