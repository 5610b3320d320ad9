import { useTranslation } from 'react-i18next';
import * as session from '@portal/contract/session';
import { api } from '../platform/api';
import { CODE_COUNTDOWN_SECONDS } from '../platform/config';
import { firstIssue, fromError, type FormError } from '../platform/formError';
import { useCountdown } from './useCountdown';

/**
 * Sends a verification code to a mail. Spec 4: the button counts down 180 s while disabled and comes back at 0,
 * at once when the request fails, or when the page calls `countdown.reset()` (after a successful password reset).
 * `onSent` shows "a code was sent" the page's way (a toast in the shell, a notice on the antd-free sign-in pages).
 */
export function useCodeSender(onError: (error: FormError) => void, onSent: (text: string) => void) {
  const countdown = useCountdown(CODE_COUNTDOWN_SECONDS);
  const { t } = useTranslation();

  const send = (mail: unknown) => {
    const parsed = session.requestCodeInput.safeParse({ mail });
    if (!parsed.success) {
      onError(firstIssue(parsed.error.issues, { mail: 'field.mail' }));
      return;
    }
    countdown.start();
    api('/api/requestcode', parsed.data).then(
      () => onSent(t('code.sent', { mail: parsed.data.mail })),
      (error: unknown) => {
        countdown.reset();
        onError(fromError(error));
      },
    );
  };

  return { countdown, send };
}
