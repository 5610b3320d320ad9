import { useState, type HTMLAttributes, type Key } from 'react';
import { Alert, App, Button, Checkbox, Flex, Form, Popconfirm, Select, Space, Table, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CANDIDATE_STATES, type Candidate, type CandidateState } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { DnsAnswers, DomainCell, ReasonList, RegisteredTag, Registration, ScoreMeter, Screenshot, StateCell } from './CandidateCells';
import { DOMAIN_WATCH_READS, wsRecordPath } from './model';
import './domainWatch.css';

const PAGE_SIZE = 20;

interface Made {
  domain: string;
  recordId: number;
}

/**
 * The look-alike domains a watch found, highest score first, filtered by state and to registered ones. Staff select
 * rows and promote them into WS records (listed with links to them once made) or dismiss them, each after a
 * confirmation; a client user only reads.
 */
export function CandidatesTable({ watchId, clientId, staff }: { watchId: number; clientId: number; staff: boolean }) {
  const { t } = useTranslation('domainWatch');
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const [state, setState] = useState<CandidateState | undefined>('new');
  const [registeredOnly, setRegisteredOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState<'promote' | 'dismiss' | null>(null);
  const [made, setMade] = useState<Made[]>([]);
  const list = useCall('/api/domain-watch/fetch-candidates', { watchId, state, registeredOnly, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const rows = list.data?.candidates ?? [];

  const filter = (change: () => void) => {
    change();
    setPage(1);
    setSelected([]);
  };

  const act = async (action: 'promote' | 'dismiss') => {
    const candidateIds = selected.map(Number);
    setBusy(action);
    try {
      if (action === 'promote') {
        const { records } = await api('/api/domain-watch/promote', { candidateIds });
        const names = new Map(rows.map((c) => [c.id, c.unicode]));
        setMade(records.map((r) => ({ domain: names.get(r.candidateId) ?? String(r.candidateId), recordId: r.recordId })));
        void message.success(t('toast.promoted', { count: records.length }));
      } else {
        const { dismissed } = await api('/api/domain-watch/dismiss', { candidateIds });
        void message.success(t('toast.dismissed', { count: dismissed }));
      }
      setSelected([]);
      await invalidate([...DOMAIN_WATCH_READS, '/api/ws-data/search-records']);
    } catch (error) {
      void message.error(t('toast.failed', { message: errorMessage(error) }));
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<Candidate> = [
    // What decides first (the name, its picture, its score and why), then the DNS and registration details.
    { title: t('candidates.domain'), key: 'domain', width: 230, render: (_, c) => <DomainCell c={c} /> },
    { title: t('candidates.screenshot'), key: 'screenshot', width: 130, render: (_, c) => <Screenshot c={c} /> },
    { title: t('candidates.score'), dataIndex: 'score', width: 110, render: (score: number) => <ScoreMeter score={score} /> },
    { title: t('candidates.reasons'), key: 'reasons', width: 380, render: (_, c) => <ReasonList c={c} /> },
    { title: t('candidates.state'), key: 'state', width: 110, render: (_, c) => <StateCell c={c} clientId={clientId} /> },
    { title: t('candidates.fuzzer'), dataIndex: 'fuzzer', render: (f: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{f}</Typography.Text> },
    { title: t('candidates.registered'), dataIndex: 'registered', render: (r: boolean | null) => <RegisteredTag registered={r} /> },
    { title: t('candidates.live'), dataIndex: 'live', render: (live: boolean) => <span className="dw-nowrap">{live ? t('candidates.yes') : t('candidates.no')}</span> },
    { title: t('candidates.dns'), key: 'dns', width: 200, render: (_, c) => <DnsAnswers c={c} /> },
    { title: t('candidates.registration'), key: 'registration', width: 210, render: (_, c) => <Registration c={c} /> },
  ];
  const count = selected.length;

  return (
    <Flex vertical gap={12}>
      <Flex gap={16} wrap align="center">
        <Form.Item label={t('candidates.state')} htmlFor="dw-state-filter" style={{ margin: 0, minWidth: 220 }}>
          <Select
            id="dw-state-filter"
            allowClear
            placeholder={t('candidates.allStates')}
            value={state}
            options={CANDIDATE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            onChange={(value?: CandidateState) => filter(() => setState(value))}
            data-testid="dw-state-filter"
          />
        </Form.Item>
        <Checkbox checked={registeredOnly} onChange={(e) => filter(() => setRegisteredOnly(e.target.checked))} data-testid="dw-registered-only">
          {t('candidates.registeredOnly')}
        </Checkbox>
        {staff && (
          <Space wrap>
            <Typography.Text aria-live="polite">{t('candidates.selected', { count })}</Typography.Text>
            <Popconfirm title={t('confirm.promote', { count })} okText={t('action.promote')} cancelText={t('action.cancel')} onConfirm={() => act('promote')} okButtonProps={{ 'data-testid': 'dw-promote-ok' } as ButtonProps}>
              <Button type="primary" disabled={count === 0} loading={busy === 'promote'} data-testid="dw-promote">
                {t('action.promote')}
              </Button>
            </Popconfirm>
            <Popconfirm title={t('confirm.dismiss', { count })} okText={t('action.dismiss')} cancelText={t('action.cancel')} onConfirm={() => act('dismiss')} okButtonProps={{ 'data-testid': 'dw-dismiss-ok' } as ButtonProps}>
              <Button disabled={count === 0} loading={busy === 'dismiss'} data-testid="dw-dismiss">
                {t('action.dismiss')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Flex>
      {made.length > 0 && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setMade([])}
          message={t('promoted.title')}
          data-testid="dw-promoted"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {made.map((m) => (
                <li key={m.recordId}>
                  <Link to={wsRecordPath(clientId, m.recordId)} data-testid={`dw-promoted-${m.recordId}`}>
                    {t('promoted.item', { domain: m.domain, id: m.recordId })}
                  </Link>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {list.isError && <Alert type="warning" showIcon message={t('toast.failed', { message: errorMessage(list.error) })} />}
      {/* A scroller of its own, reachable by keyboard: antd's scroll.x would copy the select-all box into its hidden measuring row. */}
      <div role="region" aria-label={t('candidates.caption')} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table<Candidate>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        loading={list.isFetching && !list.isRefetching}
        aria-label={t('candidates.caption')}
        className="dw-candidates-table"
        locale={{ emptyText: t('candidates.empty') }}
        rowSelection={
          staff
            ? {
                selectedRowKeys: selected,
                onChange: setSelected,
                getCheckboxProps: (c) => ({ 'aria-label': c.unicode, 'data-testid': `dw-select-${c.id}` }) as object,
              }
            : undefined
        }
        onRow={(c) => ({ 'data-testid': `dw-candidate-${c.id}` }) as HTMLAttributes<HTMLElement>}
        data-testid="dw-candidates"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showTotal: (total) => t('candidates.total', { total }) }}
      />
      </div>
    </Flex>
  );
}
