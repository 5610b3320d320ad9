import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessage } from '../platform/api';

/**
 * A detail page whose object could not be loaded (a bad id, removed, another company's, or a failed call):
 * what went wrong and the way back to its list. Titles come from the page's own catalogue.
 */
export function DetailMissing({ title, error, backTo, backLabel }: { title: string; error?: unknown; backTo: string; backLabel: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={error ? errorMessage(error) : undefined}
      extra={<Button onClick={() => void navigate(backTo)}>{backLabel}</Button>}
    />
  );
}
