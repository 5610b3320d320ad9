import { useRef, useState } from 'react';
import { firstIssue, fromError, type FormError, type IssueLike } from '../platform/formError';
import type { CommonKey } from '../platform/i18n';

/** The part of a contract schema a form uses; `T` is the schema's output (structural: the web app has no zod). */
export interface FormSchema<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

export interface SchemaFormOptions<T> {
  schema: FormSchema<T>;
  /** The label of each field, for the {{field}} of a validation message. */
  fields: Partial<Record<string, CommonKey>>;
  /** The call and what follows it; a throw is shown above the form. */
  onValid: (data: T) => Promise<void>;
  /** After the failure of `onValid` is shown: toasts, a code countdown to reset. */
  onFailure?: (failure: unknown) => void;
  /** For a page that navigates away on success: the button stays loading so it cannot be pressed twice meanwhile. */
  keepBusyOnSuccess?: boolean;
}

export interface SchemaForm {
  /** For `<FormErrorAlert error={...} />` above the form. */
  error: FormError | null;
  /** For other errors shown in the same alert (the code sender's). */
  setError: (error: FormError | null) => void;
  /** For the submit button's `loading`. */
  busy: boolean;
  /** For `<Form onFinish onValuesChange>`. */
  onFinish: (values: unknown) => Promise<void>;
  onValuesChange: () => void;
}

/**
 * Spec 5 for every form: validate with the contract's schema, show the first problem above the form, call, show a
 * failure the same way, and clear the alert when any field changes.
 */
export function useSchemaForm<T>(options: SchemaFormOptions<T>): SchemaForm {
  const { schema, fields, onValid, onFailure, keepBusyOnSuccess = false } = options;
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusyState] = useState(false);
  // A ref, not the state: a second Enter in the same render must already see the first submit.
  const inFlight = useRef(false);
  const setBusy = (value: boolean) => {
    inFlight.current = value;
    setBusyState(value);
  };

  const onFinish = async (values: unknown) => {
    if (inFlight.current) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setError(firstIssue(parsed.error.issues, fields));
      return;
    }
    setBusy(true);
    try {
      await onValid(parsed.data);
      if (!keepBusyOnSuccess) setBusy(false);
    } catch (failure) {
      setError(fromError(failure));
      setBusy(false);
      onFailure?.(failure);
    }
  };

  return { error, setError, busy, onFinish, onValuesChange: () => setError(null) };
}
