import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import * as session from '@portal/contract/session';
import { api } from '../platform/api';
import { CODE_COUNTDOWN_SECONDS } from '../platform/config';
import { firstIssue, fromError, type FormError } from '../platform/formError';
import { useCountdown, type Countdown } from './useCountdown';

/**
 * Sends a verification code to a mail. Spec 4: the button counts down 180 s while disabled and comes back at 0,
 * at once when the request fails, or when the page calls `countdown.reset()` (after a successful password reset).
 */
export function useCodeSender(onError: (error: FormError) => void) {
  const countdown = useCountdown(CODE_COUNTDOWN_SECONDS);
  const { message } = App.useApp();
  const { t } = useTranslation();

  const send = (mail: unknown) => {
    const parsed = session.requestCodeInput.safeParse({ mail });
    if (!parsed.success) {
      onError(firstIssue(parsed.error.issues, { mail: 'field.mail' }));
      return;
    }
    countdown.start();
    api('/api/requestcode', parsed.data).then(
      () => void message.success(t('code.sent', { mail: parsed.data.mail })),
      (error: unknown) => {
        countdown.reset();
        onError(fromError(error));
      },
    );
  };

  return { countdown, send };
}

interface CodeButtonProps {
  countdown: Countdown;
  onClick: () => void;
  /** A link ("Get code") on the signed-in reset page, a button ("Send code") on the session pages. */
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
