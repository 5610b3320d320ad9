import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useTranslation } from 'react-i18next';
import { crawlerTasks } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import type { SubtaskValues } from './model';
import { useCrawlerSites } from './queries';

const EMPTY: SubtaskValues = { site: '', keyword: '', startUrl: '', targetCount: null };
const isWebAddress = (s: string) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol);

/**
 * The add-URL modal (section 5): a site with a crawler, a keyword, a start URL (http or https) and an optional desired
 * count. Choosing a site fills an empty start URL with the site's address. `initial` edits an existing subtask.
 */
export function SubtaskModal(props: { open: boolean; initial?: SubtaskValues; busy?: boolean; onOk: (values: SubtaskValues) => void | Promise<void>; onCancel: () => void }) {
  const { open, initial, busy, onOk, onCancel } = props;
  const { t } = useTranslation(['crawlerTasks', 'contract']);
  const [form] = Form.useForm<SubtaskValues>();
  const sites = useCrawlerSites();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial ?? EMPTY);
  }, [open, initial, form]);

  const siteOptions = (sites.data ?? []).map((s) => ({ value: s.name, label: s.name, url: s.url }));
  const submit = async () => {
    const values = await form.validateFields();
    await onOk({ site: values.site, keyword: values.keyword.trim(), startUrl: values.startUrl.trim(), targetCount: values.targetCount ?? null });
  };

  return (
    <Modal
      open={open}
      title={t(initial ? 'subtask.editTitle' : 'subtask.addTitle')}
      okText={initial ? t('action.edit') : t('subtask.add')}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      forceRender
      okButtonProps={{ 'data-testid': 'subtask-ok' }}
    >
      {sites.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('subtask.sitesFailed', { message: errorMessage(sites.error) })} />}
      <Form form={form} layout="vertical" initialValues={EMPTY}>
        <Form.Item name="site" label={t('field.site')} extra={t('subtask.siteHint')} rules={[{ required: true, message: t('contract:validation.taskSiteRequired') }]}>
          <FormSelect
            options={siteOptions}
            loading={sites.isLoading}
            showSearch
            optionFilterProp="label"
            onChange={(_, option) => {
              const url = (option as { url?: string } | undefined)?.url;
              if (url && !form.getFieldValue('startUrl')) form.setFieldValue('startUrl', url);
            }}
            data-testid="subtask-site"
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('field.keyword')} rules={[{ required: true, whitespace: true, message: t('contract:validation.taskKeywordRequired') }]}>
          <Input maxLength={500} data-testid="subtask-keyword" />
        </Form.Item>
        <Form.Item
          name="startUrl"
          label={t('field.startUrl')}
          rules={[
            { required: true, whitespace: true, message: t('contract:validation.taskStartUrlRequired') },
            { validator: async (_, v: string | undefined) => { if (v?.trim() && !isWebAddress(v.trim())) throw new Error(t('contract:validation.taskStartUrlInvalid')); } },
          ]}
        >
          <Input maxLength={2000} placeholder="https://" data-testid="subtask-url" />
        </Form.Item>
        <Form.Item name="targetCount" label={t('field.targetCount')} extra={t('subtask.targetHint')}>
          <InputNumber min={1} max={crawlerTasks.TARGET_COUNT_MAX} precision={0} style={{ width: '100%' }} data-testid="subtask-target" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
