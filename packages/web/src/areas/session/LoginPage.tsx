import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
// The session schemas alone: the package's main entry would bring every call's schema to the sign-in pages.
import * as session from '@portal/contract/session';
import { api } from '../../platform/api';
import { setToken } from '../../platform/token';
import { useCodeSender } from '../../components/useCodeSender';
import { useSchemaForm } from '../../components/useSchemaForm';
import { SessionCard } from './SessionLayout';
import { Field, FormNotice, FormProblem, SendCodeButton, SubmitButton, useSessionForm } from './sessionForm';

const FIELDS = { mail: 'field.mail', password: 'field.password', code: 'field.code' } as const;

/** What the sign-up and forgotten-password pages tell the user on coming back here (their navigation state). */
export interface LoginNotice {
  notice: 'signUp.success' | 'forget.success';
}

export default function LoginPage() {
  const { t } = useTranslation(['session', 'common']);
  const arrived = (useLocation().state as LoginNotice | null)?.notice;
  const [sent, setSent] = useState<string | null>(null);
  const schemaForm = useSchemaForm({
    schema: session.loginInput,
    fields: FIELDS,
    onValid: async (data) => {
      const { token } = await api('/api/login', data);
      // The guard of this page loads the user for the new token and moves on to the landing page.
      setToken(token);
    },
  });
  const { values, field, onSubmit, problemId } = useSessionForm(FIELDS, schemaForm);
  const { countdown, send } = useCodeSender(schemaForm.setError, setSent);

  return (
    <SessionCard title={t('login.title')}>
      <FormNotice text={sent ?? (arrived ? t(arrived) : null)} />
      <FormProblem error={schemaForm.error} id={problemId} />
      <form noValidate onSubmit={onSubmit}>
        <Field {...field('mail')} type="email" autoComplete="username" testId="login-mail" />
        <Field {...field('password')} type="password" autoComplete="current-password" testId="login-password" />
        <Field
          {...field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          testId="login-code"
          after={<SendCodeButton countdown={countdown} onClick={() => send(values.mail)} testId="send-code" />}
        />
        <SubmitButton busy={schemaForm.busy} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
      </form>
      <div className="pl-links">
        <Link to="/sign-up">{t('login.toSignUp')}</Link>
        <Link to="/forget-pass">{t('login.toForget')}</Link>
      </div>
    </SessionCard>
  );
}
