import { Flex, Form, Input } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CodeButton } from './CodeButton';
import type { Countdown } from './useCountdown';

interface CodeFieldProps {
  countdown: Countdown;
  onSend: () => void;
  /** With a label (signed-in forms) the button is a "Get code" link; without, a "Send code" button. */
  label?: string;
  extra?: string;
  inputTestId?: string;
  buttonTestId?: string;
}

/** The `code` field of a form with its send button beside it. */
export function CodeField({ countdown, onSend, label, extra, inputTestId, buttonTestId }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} extra={extra} required={label !== undefined}>
      <Flex gap={8} align="center">
        <Form.Item name="code" noStyle>
          <Input
            prefix={label === undefined ? <SafetyOutlined /> : undefined}
            placeholder={t('field.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid={inputTestId}
          />
        </Form.Item>
        <CodeButton countdown={countdown} onClick={onSend} link={label !== undefined} testId={buttonTestId} />
      </Flex>
    </Form.Item>
  );
}
