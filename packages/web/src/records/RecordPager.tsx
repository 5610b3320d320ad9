import { Button, Pagination, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface RecordPagerProps {
  /** The record's 1-based place in the list's result, and the result's size. */
  num: number;
  total: number;
  disabled?: boolean;
  onGo: (num: number) => void;
  testId: string;
}

/**
 * Document 3, section 2: one record per page with quick jump (page size 1, spec 9). Previous and next carry the
 * access keys P and N.
 */
export function RecordPager({ num, total, disabled = false, onGo, testId }: RecordPagerProps) {
  const { t } = useTranslation('records');
  return (
    <div data-testid={testId}>
      <Pagination
        size="small"
        current={num}
        total={total}
        pageSize={1}
        showSizeChanger={false}
        showQuickJumper
        showLessItems
        disabled={disabled}
        onChange={(page) => {
          if (page !== num) onGo(page);
        }}
        itemRender={(_page, type, element) => {
          if (type === 'prev')
            return (
              <Tooltip title={t('pager.previous')}>
                <Button type="text" size="small" icon={<LeftOutlined />} accessKey="p" aria-label={t('pager.previous')} disabled={disabled || num <= 1} data-testid={`${testId}-prev`} />
              </Tooltip>
            );
          if (type === 'next')
            return (
              <Tooltip title={t('pager.next')}>
                <Button type="text" size="small" icon={<RightOutlined />} accessKey="n" aria-label={t('pager.next')} disabled={disabled || num >= total} data-testid={`${testId}-next`} />
              </Tooltip>
            );
          return element;
        }}
      />
    </div>
  );
}
