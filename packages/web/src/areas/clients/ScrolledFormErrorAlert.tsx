import { useEffect, useRef } from 'react';
import type { FormError } from '../../platform/formError';
import { FormErrorAlert } from '../../components/FormErrorAlert';

/**
 * The form's error alert above a long form: when a new error shows, it is scrolled into view, since the submit
 * button that caused it sits far below.
 */
export function ScrolledFormErrorAlert({ error }: { error: FormError | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [error]);
  return (
    <div ref={ref}>
      <FormErrorAlert error={error} />
    </div>
  );
}
