import { useState } from 'react';
import type { ButtonProps } from 'antd';
import { App, Button, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export interface BatchBarProps {
  options: readonly { value: number; label: string }[];
  placeholder: string;
  /** Selected record ids (across pages). */
  selected: readonly number[];
  /** The call; answers how many records it updated. */
  submit: (recordIds: number[], value: number) => Promise<number>;
  /** After a success: the list clears its selection and loads again. */
  onDone: () => void;
  testPrefix: string;
  /** Why the batch is not offered (an analyst who does not manage the client); it is then disabled. */
  disabledReason?: string;
  /** What the batch sets (the category, the action), named in the confirmation. */
  fieldLabel: string;
}

/** Spec 8 and 9: the loading toast closes when the call ends, and after 10 s at the latest. */
const LOADING_SECONDS = 10;
const LOADING_KEY = 'record-batch-update';

/**
 * Document 3, section 5 "Batch update": a value and an update button for the selected records. No selection, or no
 * value, is a toast; the user confirms how many records get which value (issue 16: bulk changes are deliberate);
 * the call shows a loading toast, then how many records it updated (or why it failed). The toolbar's undo button
 * (UndoBatchButton) takes the batch back for ten minutes.
 */
export function BatchBar({ options, placeholder, selected, submit, onDone, testPrefix, disabledReason, fieldLabel }: BatchBarProps) {
  const { t } = useTranslation(['records', 'contract']);
  const { message, modal } = App.useApp();
  const [value, setValue] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const confirm = () => {
    if (busy) return;
    if (selected.length === 0) {
      void message.error(t('contract:validation.noRecordsSelected'));
      return;
    }
    if (value === undefined) {
      void message.error(t('contract:validation.batchValueRequired'));
      return;
    }
    const label = options.find((o) => o.value === value)?.label ?? String(value);
    modal.confirm({
      title: t('batch.confirmTitle'),
      content: <span data-testid={`${testPrefix}-batch-confirm-text`}>{t('batch.confirm', { count: selected.length, field: fieldLabel, value: label })}</span>,
      okText: t('batch.confirmOk', { count: selected.length }),
      cancelText: t('batch.cancel'),
      okButtonProps: { 'data-testid': `${testPrefix}-batch-confirm` } as ButtonProps,
      onOk: () => run(value),
    });
  };

  const run = async (value: number) => {
    setBusy(true);
    void message.loading({ content: t('batch.updating'), key: LOADING_KEY, duration: LOADING_SECONDS });
    try {
      const count = await submit([...selected], value);
      message.destroy(LOADING_KEY);
      void message.success(t('batch.updated', { count }));
      setValue(undefined);
      onDone();
    } catch (error) {
      message.destroy(LOADING_KEY);
      void message.error(error instanceof Error && error.message ? `${t('batch.failed')}: ${error.message}` : t('batch.failed'));
    } finally {
      setBusy(false);
    }
  };

  const disabled = disabledReason !== undefined;
  return (
    <Tooltip title={disabledReason}>
      <Space.Compact>
      <Select<number>
        allowClear
        showSearch
        optionFilterProp="label"
        value={value}
        onChange={(v) => setValue(v ?? undefined)}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        placeholder={placeholder}
        aria-label={placeholder}
        style={{ width: 260 }}
        popupMatchSelectWidth={false}
        disabled={disabled}
        data-testid={`${testPrefix}-batch-value`}
      />
      <Button type="primary" loading={busy} disabled={disabled} onClick={confirm} data-testid={`${testPrefix}-batch-submit`}>
        {t('batch.submit', { count: selected.length })}
      </Button>
      </Space.Compact>
    </Tooltip>
  );
}
