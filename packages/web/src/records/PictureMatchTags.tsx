import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImageMatchKind, ImageStatus } from '@portal/contract';

/** One colour per match kind, the same in the list's column, the filter and the detail (antd's preset colours: AA text). */
export const MATCH_COLOURS: Record<ImageMatchKind, string> = { 'same-photo': 'volcano', 'shared-photo': 'purple', logo: 'geekblue', wordmark: 'cyan' };
const STATUS_COLOURS: Record<ImageStatus, string> = { pending: 'default', done: 'success', failed: 'warning' };

export function MatchKindTag({ kind }: { kind: ImageMatchKind }) {
  const { t } = useTranslation('pictures');
  return (
    <Tag color={MATCH_COLOURS[kind]} style={{ marginInlineEnd: 4 }}>
      {t(`kind.${kind}`)}
    </Tag>
  );
}

export function StatusTag({ status }: { status: ImageStatus }) {
  const { t } = useTranslation('pictures');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="picture-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
