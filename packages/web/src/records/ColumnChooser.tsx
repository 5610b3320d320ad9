import { Button, Checkbox, Divider, Flex, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface ColumnChooserProps {
  /** Every column the list can show, in display order. */
  columns: readonly { key: string; title: string }[];
  visible: ReadonlySet<string>;
  defaults: ReadonlySet<string>;
  onChange: (visible: Set<string>) => void;
  testId: string;
}

/** Spec 2: the column chooser: a checkbox per column (the record's fields and the client's custom columns). */
export function ColumnChooser({ columns, visible, defaults, onChange, testId }: ColumnChooserProps) {
  const { t } = useTranslation('records');
  const content = (
    <Flex vertical style={{ width: 280 }} data-testid={`${testId}-panel`}>
      <Flex gap={8} wrap>
        <Button size="small" onClick={() => onChange(new Set(columns.map((c) => c.key)))} data-testid={`${testId}-all`}>
          {t('columns.all')}
        </Button>
        <Button size="small" onClick={() => onChange(new Set(defaults))} data-testid={`${testId}-defaults`}>
          {t('columns.defaults')}
        </Button>
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      <Flex vertical gap={2} style={{ maxHeight: 380, overflowY: 'auto' }}>
        {columns.map((column) => (
          <div key={column.key} data-testid={`${testId}-option`} data-column={column.key}>
            <Checkbox
              checked={visible.has(column.key)}
              onChange={(e) => {
                const next = new Set(visible);
                if (e.target.checked) next.add(column.key);
                else next.delete(column.key);
                onChange(next);
              }}
            >
              {column.title}
            </Checkbox>
          </div>
        ))}
      </Flex>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Button icon={<SettingOutlined />} data-testid={testId}>
        {t('columns.button')}
      </Button>
    </Popover>
  );
}
