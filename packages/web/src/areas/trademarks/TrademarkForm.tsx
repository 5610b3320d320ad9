import { useRef, useState, type ReactNode } from 'react';
import { App, Button, Card, Col, Flex, Form, Row, Typography } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Trademark } from '@portal/contract';
import type { SchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { ImageField } from './ImageField';
import { RegistryPicker } from './RegistryPicker';
import { TrademarkFields } from './TrademarkFields';
import type { TrademarkFormValues } from './model';
import { useClientChoices } from '../../components/clientChoices';
import { useTrademarkScope } from './queries';

export interface TrademarkFormProps {
  title: ReactNode;
  /** The saved trademark on its detail page; none on /trademark/new. */
  saved?: Trademark;
  initialValues: TrademarkFormValues;
  /** The form's validation and call (useSchemaForm with the create or the update schema). */
  schemaForm: SchemaForm;
  /** The payload to validate, from the form's values. */
  build: (values: TrademarkFormValues) => unknown;
  submitLabel: string;
}

/**
 * The add and the detail form (spec 2): the database picker, then the client (staff), the trademark's fields and its
 * image. Submitting waits for a running image upload: it warns instead of sending.
 */
export function TrademarkForm({ title, saved, initialValues, schemaForm, build, submitLabel }: TrademarkFormProps) {
  const { t } = useTranslation('trademarks');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TrademarkFormValues>();
  const { staff, ownClientId } = useTrademarkScope();
  const chosenClient = Form.useWatch('clientId', form);
  const region = Form.useWatch('region', form);
  const image = Form.useWatch('image', form);
  // A ref for the submit (it must see an upload that started in the same render), a state for the screen.
  const uploading = useRef(false);
  const [busyUploading, setBusyUploading] = useState(false);
  const onUploading = (value: boolean) => {
    uploading.current = value;
    setBusyUploading(value);
  };

  const clientId = saved ? saved.trademark_client_id : staff ? chosenClient : ownClientId;
  const submit = (values: TrademarkFormValues) => {
    if (uploading.current) {
      void message.warning(t('image.stillUploading'));
      return;
    }
    return schemaForm.onFinish(build(values));
  };

  return (
    <Flex vertical gap={16}>
      <RegistryPicker region={region} />
      <Card
        title={title}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/trademark')} data-testid="trademark-back">
            {t('form.back')}
          </Button>
        }
      >
        <Form<TrademarkFormValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={schemaForm.onValuesChange}
          data-testid="trademark-form"
        >
          <ScrolledFormErrorAlert error={schemaForm.error} />
          {staff && <ClientField saved={saved} locked={Boolean(image) || busyUploading} />}
          <TrademarkFields />
          <Row>
            <Col span={24}>
              <Form.Item label={t('field.image')} name="image">
                <ImageField clientId={clientId} trademarkId={saved?.trademark_id} onUploading={onUploading} />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={schemaForm.busy} data-testid="trademark-form-submit">
              {submitLabel}
            </Button>
            <Button onClick={() => void navigate('/trademark')}>{t('form.cancel')}</Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}

/**
 * Staff only: on add they choose the client (locked while an image is held, since the image is stored under that
 * client); on the detail page the client is shown and cannot change.
 */
function ClientField({ saved, locked }: { saved?: Trademark; locked: boolean }) {
  const { t } = useTranslation('trademarks');
  const clients = useClientChoices('writable', !saved);
  if (saved) {
    return (
      <Form.Item label={t('field.client')}>
        <Typography.Text strong data-testid="trademark-field-client">
          {saved.client_name}
        </Typography.Text>
      </Form.Item>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.client')} name="clientId" required extra={locked ? t('field.clientLocked') : undefined}>
          <FormSelect
            showSearch
            optionFilterProp="label"
            loading={clients.isLoading}
            disabled={locked}
            options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))}
            placeholder={t('field.clientPlaceholder')}
            data-testid="trademark-field-client"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
