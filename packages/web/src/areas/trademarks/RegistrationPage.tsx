import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Divider, Flex, Form, Image, Input, Progress, Row, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { trademarks } from '@portal/contract';
import { upload } from '../../platform/upload';
import { useUser } from '../../platform/session';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { REQUEST_IMAGE_KINDS, acceptOf, fileProblem, issue, withFirstRule } from './model';

const { TRADEMARK_TEXT_MAX: TEXT_MAX, TRADEMARK_REMARKS_MAX: REMARKS_MAX } = trademarks;

interface RequestValues {
  trademark_title: string;
  trademark_detail: string;
  company: string;
  name: string;
  mail: string;
  tel: string;
  fax: string;
  remarks: string;
}

const testId = (name: string) => ({ 'data-testid': `registration-field-${name}` });
const blankTitle = (values: unknown) =>
  typeof values !== 'object' || values === null || !('trademark_title' in values) || String(values.trademark_title ?? '').trim() === '';

/**
 * Spec 2 "Trademark registration request" (client users): the word mark and/or a design mark image, what it is for,
 * and who applies. The image stays in the browser until the form is sent with it; the server mails the request.
 */
export default function RegistrationPage() {
  const { t } = useTranslation('trademarks');
  const { message } = App.useApp();
  const user = useUser();
  const [form] = Form.useForm<RequestValues>();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const initialValues = useMemo<RequestValues>(
    () => ({
      trademark_title: '',
      trademark_detail: '',
      company: user.companyInfo?.client_name ?? '',
      name: user.user_name,
      mail: user.user_mail,
      tel: user.user_tel,
      fax: '',
      remarks: '',
    }),
    [user],
  );

  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: withFirstRule(trademarks.registrationInput, (values) => (blankTitle(values) && !file ? issue('validation.wordOrImageRequired', 'trademark_title') : null)),
    fields: { name: 'field.name', mail: 'field.mail', tel: 'field.tel' },
    onValid: async (data) => {
      setProgress(file ? 0 : null);
      try {
        await upload('/api/trademark/registration', data, file, { onProgress: setProgress });
      } finally {
        setProgress(null);
      }
      void message.success(t('registration.success'));
      form.resetFields();
      setFile(null);
    },
  });

  const choose = (chosen: File) => {
    const problem = fileProblem(chosen, REQUEST_IMAGE_KINDS);
    if (problem) {
      void message.error(t(problem === 'type' ? 'registration.badType' : 'image.tooLarge'));
      return;
    }
    setFile(chosen);
    onValuesChange();
  };

  return (
    <Card title={t('registration.title')}>
      <Typography.Paragraph type="secondary">{t('registration.intro')}</Typography.Paragraph>
      <Form<RequestValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish} onValuesChange={onValuesChange} data-testid="registration-form">
        <ScrolledFormErrorAlert error={error} />
        <Divider orientation="left" plain>
          {t('registration.mark')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.text')} name="trademark_title" extra={t('registration.markHint')}>
              <Input maxLength={TEXT_MAX} {...testId('trademark_title')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('registration.image')}>
              <DesignMark file={file} onChoose={choose} onRemove={() => setFile(null)} disabled={busy} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('registration.detail')} name="trademark_detail" required>
              <Input.TextArea maxLength={TEXT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('registration.detailPlaceholder')} {...testId('trademark_detail')} />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left" plain>
          {t('registration.contact')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('registration.company')} name="company" required>
              <Input maxLength={TEXT_MAX} {...testId('company')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('registration.name')} name="name" required>
              <Input maxLength={TEXT_MAX} {...testId('name')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('registration.mail')} name="mail" required>
              <Input type="email" maxLength={TEXT_MAX} {...testId('mail')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('registration.tel')} name="tel" required>
              <Input type="tel" maxLength={TEXT_MAX} {...testId('tel')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('registration.fax')} name="fax">
              <Input type="tel" maxLength={TEXT_MAX} {...testId('fax')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('field.remarks')} name="remarks">
              <Input.TextArea maxLength={REMARKS_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} {...testId('remarks')} />
            </Form.Item>
          </Col>
        </Row>
        {progress !== null && <Progress percent={progress} size="small" aria-label={t('image.uploading')} style={{ maxWidth: 420 }} />}
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy} data-testid="registration-submit">
          {t('registration.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** The chosen design mark: kept in the browser (with a preview) and sent with the form. */
function DesignMark({ file, onChoose, onRemove, disabled }: { file: File | null; onChoose: (file: File) => void; onRemove: () => void; disabled: boolean }) {
  const { t } = useTranslation('trademarks');
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Flex vertical gap={8}>
      <div data-testid="registration-file">
        <Upload
          accept={acceptOf(REQUEST_IMAGE_KINDS)}
          maxCount={1}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(chosen) => {
            onChoose(chosen);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<PaperClipOutlined />} disabled={disabled}>
            {t(file ? 'registration.replaceImage' : 'registration.chooseImage')}
          </Button>
        </Upload>
      </div>
      {file && preview ? (
        <Flex align="end" gap={12} data-testid="registration-file-chosen">
          <Image src={preview} alt={file.name} width={120} style={{ maxHeight: 120, objectFit: 'contain' }} />
          <Flex vertical gap={4}>
            <Typography.Text>{file.name}</Typography.Text>
            <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} disabled={disabled} data-testid="registration-file-remove">
              {t('image.remove')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('registration.imageHint')}</Typography.Text>
      )}
    </Flex>
  );
}
