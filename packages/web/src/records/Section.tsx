import type { ReactNode } from 'react';
import { Card, Row } from 'antd';

/** One section of a record detail's form: a small card with a row of fields. */
export function Section({ title, children, testid }: { title: string; children: ReactNode; testid: string }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }} data-testid={testid}>
      <Row gutter={16}>{children}</Row>
    </Card>
  );
}
