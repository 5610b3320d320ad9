import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** A chart's place: the empty state when there is nothing to draw (`<testId>-empty`), else the chart (`<testId>`). */
export function ChartBox({ empty, height, testId, children }: { empty: boolean; height: number; testId: string; children: ReactNode }) {
  const { t } = useTranslation('dashboards');
  if (empty) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid={`${testId}-empty`}>
        <Empty description={t('empty')} />
      </div>
    );
  }
  return <div data-testid={testId}>{children}</div>;
}

/** A legend of every series, wrapped onto as many lines as it needs (never cut or paged); `value` is shown after the name. */
export function Legend({ items }: { items: readonly { name: string; colour: string; value?: string }[] }) {
  return (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', margin: '0 0 8px', padding: 0, listStyle: 'none', fontSize: 12, color: 'rgba(0, 0, 0, 0.88)' }}>
      {items.map((item) => (
        <li key={item.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span aria-hidden="true" style={{ width: 12, height: 12, borderRadius: 2, background: item.colour, flex: 'none' }} />
          <span>{item.name}</span>
          {item.value !== undefined && <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>{item.value}</span>}
        </li>
      ))}
    </ul>
  );
}
