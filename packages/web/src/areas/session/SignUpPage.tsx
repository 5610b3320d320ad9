import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
// The session schemas alone: the package's main entry would bring every call's schema to the sign-in pages.
import * as session from '@portal/contract/session';
import { api } from '../../platform/api';
import { useCodeSender } from '../../components/useCodeSender';
import { useSchemaForm } from '../../components/useSchemaForm';
import { SessionCard } from './SessionLayout';
import type { LoginNotice } from './LoginPage';
import { Field, FormNotice, FormProblem, SendCodeButton, SubmitButton, useSessionForm } from './sessionForm';

const FIELDS = {
  name: 'field.name',
  mail: 'field.mail',
  password: 'field.password',
  password2: 'field.password2',
  code: 'field.code',
} as const;

export default function SignUpPage() {
  const { t } = useTranslation(['session', 'common']);
  const navigate = useNavigate();
  const [sent, setSent] = useState<string | null>(null);
  const schemaForm = useSchemaForm({
    schema: session.signupInput,
    fields: FIELDS,
    onValid: async (data) => {
      await api('/api/signup', data);
      // The sign-in page says that the account was created.
      navigate('/login', { state: { notice: 'signUp.success' } satisfies LoginNotice });
    },
    // Spec 8: after the server's message, let the user ask for a new code at once.
    onFailure: () => countdown.reset(),
    keepBusyOnSuccess: true,
  });
  const { values, field, onSubmit, problemId } = useSessionForm(FIELDS, schemaForm);
  const { countdown, send } = useCodeSender(schemaForm.setError, setSent);

  return (
    <SessionCard title={t('signUp.title')}>
      <FormNotice text={sent} />
      <FormProblem error={schemaForm.error} id={problemId} />
      <form noValidate onSubmit={onSubmit}>
        <Field {...field('name')} autoComplete="name" />
        <Field {...field('mail')} type="email" autoComplete="email" />
        <Field {...field('password')} type="password" autoComplete="new-password" />
        <Field {...field('password2')} type="password" autoComplete="new-password" />
        <Field
          {...field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          after={<SendCodeButton countdown={countdown} onClick={() => send(values.mail)} />}
        />
        <SubmitButton busy={schemaForm.busy}>{t('signUp.submit')}</SubmitButton>
      </form>
      <div className="pl-links pl-links-center">
        <Link to="/login">{t('toLogin')}</Link>
      </div>
    </SessionCard>
  );
}
