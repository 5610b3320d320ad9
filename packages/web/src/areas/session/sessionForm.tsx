import { useId, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormError } from '../../platform/formError';
import type { CommonKey } from '../../platform/i18n';
import type { Countdown } from '../../components/useCountdown';
import type { SchemaForm } from '../../components/useSchemaForm';

/**
 * The sign-in pages' form parts as plain elements (app/plain.css; issue 35: no antd on the visitor's pages). WCAG
 * 2.2 AA: every field has a visible label; the form's first problem is in an alert region, and the field it is
 * about is marked invalid and described by it; the notices (a code was sent, an account was created) are in a
 * status region.
 */

/** The text of a form error in the current language (as FormErrorAlert shows it in the shell). */
function useErrorText(error: FormError | null): string {
  const { t } = useTranslation(['common', 'contract']);
  if (!error) return '';
  if ('text' in error) return error.text;
  return t(`contract:${error.key}`, { ...error.params, field: error.field ? t(error.field) : '' });
}

/**
 * The values of a form's fields, its submit handler, and the props that tie each field to its label and to the
 * problem shown above the form. `fields` is the page's name → label map (the one useSchemaForm gets).
 */
export function useSessionForm<N extends string>(fields: Record<N, CommonKey>, schemaForm: SchemaForm) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Partial<Record<N, string>>>({});
  const id = useId();
  const problemId = `${id}-problem`;
  const { error } = schemaForm;
  const invalid = error && !('text' in error) && error.field ? (Object.keys(fields) as N[]).find((name) => fields[name] === error.field) : undefined;

  const field = (name: N) => ({
    id: `${id}-${name}`,
    name,
    label: t(fields[name]),
    value: values[name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((before) => ({ ...before, [name]: value }));
      schemaForm.onValuesChange();
    },
    'aria-invalid': invalid === name ? true : undefined,
    'aria-describedby': invalid === name ? problemId : undefined,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void schemaForm.onFinish(values);
  };
  return { values, field, onSubmit, problemId };
}

/** The form's first problem (spec 5), announced when it appears; empty, it takes no room. */
export function FormProblem({ error, id }: { error: FormError | null; id: string }) {
  const text = useErrorText(error);
  return (
    <div id={id} role="alert" className="pl-alert pl-alert-error">
      {text}
    </div>
  );
}

/** A notice of success, announced politely; empty, it takes no room. */
export function FormNotice({ text }: { text: string | null }) {
  return (
    <div role="status" className="pl-alert pl-alert-success">
      {text ?? ''}
    </div>
  );
}

type FieldProps = ReturnType<ReturnType<typeof useSessionForm>['field']> & InputHTMLAttributes<HTMLInputElement> & { testId?: string; after?: ReactNode };

/** A labelled input; `after` sits beside it (the code field's send button). */
export function Field({ label, testId, after, ...input }: FieldProps) {
  const control = <input className="pl-input" data-testid={testId} {...input} />;
  return (
    <div className="pl-field">
      <label className="pl-label" htmlFor={input.id}>
        {label}
      </label>
      {after ? (
        <div className="pl-code-row">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
    </div>
  );
}

/** "Send code", counting down while a new code may not be asked for (spec 4). */
export function SendCodeButton({ countdown, onClick, testId }: { countdown: Countdown; onClick: () => void; testId?: string }) {
  const { t } = useTranslation();
  const waiting = countdown.left > 0;
  return (
    <button type="button" className="pl-button" disabled={waiting} onClick={onClick} data-testid={testId}>
      {waiting ? t('code.wait', { seconds: countdown.left }) : t('code.send')}
    </button>
  );
}

/** The form's submit button; busy while the call runs (a second press is ignored by useSchemaForm). */
export function SubmitButton({ busy, children, testId }: { busy: boolean; children: ReactNode; testId?: string }) {
  return (
    <button type="submit" className="pl-button pl-button-primary pl-button-block" aria-busy={busy} data-testid={testId}>
      {busy && <span className="pl-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
