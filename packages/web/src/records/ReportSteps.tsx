import type { CSSProperties, ReactNode } from 'react';
import { Card, Flex, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type Step = 1 | 2 | 3 | 4;
const STEPS: readonly Step[] = [1, 2, 3, 4];
/** antd's Row sets display: flex, which the hidden attribute cannot beat. */
const HIDDEN: CSSProperties = { display: 'none' };

/**
 * Report info (document 3, section 4): four steps, 1st to 3rd report and the final result. A step is finished when
 * its result and its date are both filled, the chosen one is in progress; any step can be chosen, saving enforces
 * the order. Every step's fields stay mounted (`shown(step)` hides the others), so the form always holds all of them.
 */
export function ReportSteps({
  prefix,
  step,
  onStep,
  finished,
  children,
}: {
  prefix: string;
  step: Step;
  onStep: (step: Step) => void;
  finished: (step: Step) => boolean;
  children: (shown: (step: Step) => CSSProperties | undefined) => ReactNode;
}) {
  const { t } = useTranslation('records');
  const titles: Record<Step, string> = { 1: t('step.1'), 2: t('step.2'), 3: t('step.3'), 4: t('step.4') };
  return (
    <Card size="small" title={t('detail.report')} style={{ marginBottom: 16 }} data-testid={`${prefix}-section-report`}>
      <Steps
        size="small"
        current={step - 1}
        onChange={(index) => onStep((index + 1) as Step)}
        items={STEPS.map((s) => ({
          title: <span data-testid={`${prefix}-step-${s}`}>{titles[s]}</span>,
          status: s === step ? 'process' : finished(s) ? 'finish' : 'wait',
          description: finished(s) ? <Tag color="success">{t('step.done')}</Tag> : <Typography.Text type="secondary">{t('step.waiting')}</Typography.Text>,
        }))}
        style={{ marginBottom: 16 }}
      />
      {children((s) => (s === step ? undefined : HIDDEN))}
      <Flex>
        <Typography.Text type="secondary">{t('step.hint')}</Typography.Text>
      </Flex>
    </Card>
  );
}
