import { Button, Flex, Image, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Trademark } from '@portal/contract';
import { NICE_CLASSES, niceClassLabel, trademarkRegionName } from '@portal/contract/trademark-lists';
import { toLocale } from '../../platform/i18n';
import { BLANK_STATUS, STATUS_LABELS, day, imageUrl, type Filters, type Sort, type SortField } from './model';

export interface ColumnsProps {
  staff: boolean;
  clients: readonly { client_id: number; client_name: string }[];
  /** The regions among the user's trademarks (the search answer's), for the region filter. */
  regions: readonly string[];
  filters: Filters;
  sort: Sort | null;
  removing: number | null;
  onRemove: (trademark: Trademark) => Promise<void>;
}

const STATUS_COLORS = { 1: 'green', 2: 'blue', 3: 'red' } as const;

/** A long text cell: two lines, the rest in a tooltip. */
function Clipped({ text, width = 200 }: { text: string; width?: number }) {
  return (
    <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ marginBottom: 0, width }}>
      {text}
    </Typography.Paragraph>
  );
}

const noWrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** Spec 2 "Trademark list" columns, in its order; filters and sort are controlled and applied by the server. */
export function useTrademarkColumns(props: ColumnsProps): ColumnsType<Trademark> {
  const { staff, clients, regions, filters, sort, removing, onRemove } = props;
  const { t, i18n } = useTranslation('trademarks');
  const locale = toLocale(i18n.language);
  const sorted = (field: SortField) => ({ key: field, sorter: true, sortOrder: sort?.field === field ? sort.order : null });

  const regionCodes = [...new Set([...regions, ...filters.region])];
  const regionFilters = regionCodes
    .map((code) => ({ text: trademarkRegionName(code, locale), value: code }))
    .sort((a, b) => a.text.localeCompare(b.text, locale));

  const columns: ColumnsType<Trademark> = [
    { ...sorted('trademark_id'), title: t('col.id'), dataIndex: 'trademark_id', width: 80, fixed: 'left' },
    ...(staff
      ? [
          {
            key: 'client',
            title: t('field.client'),
            dataIndex: 'client_name',
            filters: clients.map((c) => ({ text: c.client_name, value: c.client_id })),
            filteredValue: filters.client,
            filterSearch: true,
            render: (name: string) => noWrap(name),
          },
        ]
      : []),
    { ...sorted('trademark_no'), title: t('field.no'), dataIndex: 'trademark_no', render: (no: string) => noWrap(no) },
    {
      key: 'region',
      title: t('field.region'),
      filters: regionFilters,
      filteredValue: filters.region,
      filterSearch: true,
      render: (_, row) => noWrap(trademarkRegionName(row.trademark_region, locale)),
    },
    {
      key: 'type',
      title: t('field.type'),
      filters: NICE_CLASSES.map((c) => ({ text: niceClassLabel(String(c.class), locale), value: String(c.class) })),
      filteredValue: filters.type,
      filterSearch: true,
      render: (_, row) => <Clipped text={niceClassLabel(row.trademark_type, locale)} width={160} />,
    },
    {
      key: 'text',
      title: t('col.textLogo'),
      render: (_, row) => (
        <Flex align="center" gap={8}>
          {row.trademark_image && (
            <Image
              src={imageUrl(row.trademark_image, row.trademark_client_id)}
              alt={row.trademark_text}
              width={48}
              height={32}
              style={{ objectFit: 'contain' }}
              data-testid={`trademark-thumb-${row.trademark_id}`}
            />
          )}
          <span>{row.trademark_text}</span>
        </Flex>
      ),
    },
    { ...sorted('trademark_register_date'), title: t('field.registerDate'), render: (_, row) => noWrap(day(row.trademark_register_date)) },
    { ...sorted('trademark_invalid_date'), title: t('field.invalidDate'), render: (_, row) => noWrap(day(row.trademark_invalid_date)) },
    {
      key: 'remind',
      title: t('col.remind'),
      render: (_, row) => (row.trademark_remind_flag ? <Tag color="green">{t('remind.yes')}</Tag> : <Tag>{t('remind.no')}</Tag>),
    },
    { key: 'belongsto', title: t('field.belongsto'), render: (_, row) => <Clipped text={row.trademark_belongsto} width={140} /> },
    { key: 'descriptionJP', title: t('field.descriptionJP'), render: (_, row) => <Clipped text={row.trademark_description_ja} /> },
    { key: 'descriptionEN', title: t('field.descriptionEN'), render: (_, row) => <Clipped text={row.trademark_description_en} /> },
    { key: 'descriptionCN', title: t('field.descriptionCN'), render: (_, row) => <Clipped text={row.trademark_description_cn} /> },
    {
      key: 'status',
      title: t('field.status'),
      filters: [
        ...([1, 2, 3] as const).map((s) => ({ text: t(STATUS_LABELS[s]), value: s })),
        { text: t('status.blank'), value: BLANK_STATUS },
      ],
      filteredValue: filters.status,
      render: (_, row) =>
        row.trademark_status === null ? null : <Tag color={STATUS_COLORS[row.trademark_status]}>{t(STATUS_LABELS[row.trademark_status])}</Tag>,
    },
    { key: 'remarks', title: t('field.remarks'), render: (_, row) => <Clipped text={row.trademark_remarks} width={160} /> },
    {
      key: 'action',
      title: t('col.action'),
      fixed: 'right',
      render: (_, row) => (
        <Space size="small">
          <Link to={`/trademark/${row.trademark_id}`} data-testid={`trademark-detail-${row.trademark_id}`}>
            {noWrap(t('action.detail'))}
          </Link>
          <Popconfirm
            title={t('delete.confirm')}
            description={t('delete.confirmText', { no: row.trademark_no })}
            okText={t('delete.yes')}
            cancelText={t('delete.no')}
            okButtonProps={{ danger: true, 'data-testid': 'trademark-delete-ok' }}
            onConfirm={() => onRemove(row)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} loading={removing === row.trademark_id} data-testid={`trademark-delete-${row.trademark_id}`}>
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return columns;
}
