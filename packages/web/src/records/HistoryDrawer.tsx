import { Drawer, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { HistoryEntry } from './types';
import type { CallQueryOf } from '../platform/calls';

export interface HistoryDrawerProps {
  /** The record whose history shows; null: closed. */
  recordId: number | null;
  title: string;
  /** The cached history call of a record. */
  query: (recordId: number) => CallQueryOf<HistoryEntry[]>;
  /** A changed field's label and its value as the user reads it. */
  fieldLabel: (field: string) => string;
  fieldText: (field: string, value: HistoryEntry['fields'][string]) => string;
  sourceLabel: (source: string) => string;
  onClose: () => void;
  testId: string;
}

/** Spec 9: the history drawer is 640 wide. */
export const HISTORY_WIDTH = 640;

/**
 * Spec 2 and 4: a record's edit history in a right-side drawer (closed, open, loading): who, when, how, and the
 * fields that changed with their new values. A load failure shows an empty history (spec 8: no message).
 */
export function HistoryDrawer({ recordId, title, query, fieldLabel, fieldText, sourceLabel, onClose, testId }: HistoryDrawerProps) {
  const { t } = useTranslation('records');
  // Closed: record 0's query, never sent.
  const options = query(recordId ?? 0);
  const history = useQuery({ ...options, enabled: recordId !== null && options.enabled !== false, staleTime: 0 });

  const columns: ColumnsType<HistoryEntry> = [
    { key: 'user', title: t('history.user'), dataIndex: 'updateByUserName', width: 120, ellipsis: true },
    {
      key: 'time',
      title: t('history.time'),
      dataIndex: 'createdAt',
      width: 150,
      render: (value: string) => (dayjs(value).isValid() ? dayjs(value).format('YYYY-MM-DD HH:mm') : value),
    },
    { key: 'source', title: t('history.source'), dataIndex: 'source', width: 110, render: (value: string) => sourceLabel(value) },
    {
      key: 'fields',
      title: t('history.fields'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          {Object.entries(row.fields).map(([field, value]) => (
            <div key={field}>
              <Typography.Text type="secondary">{fieldLabel(field)}: </Typography.Text>
              <span style={{ wordBreak: 'break-word' }}>{fieldText(field, value) || t('history.blank')}</span>
            </div>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <Drawer open={recordId !== null} onClose={onClose} width={HISTORY_WIDTH} placement="right" title={title} destroyOnHidden>
      <div data-testid={testId}>
        <Table<HistoryEntry>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={history.data ?? []}
          loading={history.isFetching}
          pagination={false}
          locale={{ emptyText: t('history.empty') }}
          data-testid={`${testId}-table`}
        />
      </div>
    </Drawer>
  );
}
