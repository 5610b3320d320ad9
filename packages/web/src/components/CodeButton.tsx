import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Countdown } from './useCountdown';

interface CodeButtonProps {
  countdown: Countdown;
  onClick: () => void;
  /**
   * A link ("Get code") on the signed-in reset page, a button ("Send code") otherwise; the sign-in pages have their
   * own, without antd (areas/session/sessionForm.tsx).
   */
  link?: boolean;
  testId?: string;
}

export function CodeButton({ countdown, onClick, link = false, testId }: CodeButtonProps) {
  const { t } = useTranslation();
  const waiting = countdown.left > 0;
  const idle = link ? t('code.get') : t('code.send');
  return (
    <Button type={link ? 'link' : 'default'} disabled={waiting} onClick={onClick} data-testid={testId}>
      {waiting ? t('code.wait', { seconds: countdown.left }) : idle}
    </Button>
  );
}
