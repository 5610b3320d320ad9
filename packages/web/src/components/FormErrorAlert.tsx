import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormError } from '../platform/formError';

/** Spec 5: the first error of a form, above it; the form clears it when any field changes. */
export function FormErrorAlert({ error }: { error: FormError | null }) {
  const { t } = useTranslation(['common', 'contract']);
  if (!error) return null;
  const text =
    'text' in error
      ? error.text
      : t(`contract:${error.key}`, { ...error.params, field: error.field ? t(error.field) : '' });
  return <Alert type="error" showIcon message={text} style={{ marginBottom: 16 }} />;
}
