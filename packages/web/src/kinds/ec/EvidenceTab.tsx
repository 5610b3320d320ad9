import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Image, Popconfirm, Progress, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EVIDENCE_MAX_BYTES } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { upload } from '../../platform/upload';
import { EVIDENCE_EXTENSIONS, evidenceNames, evidenceProblem, evidenceUrl } from './ecModel';

export interface EvidenceTabProps {
  clientId: number;
  recordId: number;
  /** The record's ec_upload_image_names. */
  names: string;
  analyst: boolean;
  /** The stored names after an upload or a removal. */
  onNames: (names: string) => void;
}

const ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * Screenshot evidence (document 3, sections 2, 5 and 6): everyone sees the record's screenshots; analysts upload
 * png/jpg/jpeg images (checked here first, the server decides) and delete them.
 */
export function EvidenceTab({ clientId, recordId, names, analyst, onNames }: EvidenceTabProps) {
  const { t } = useTranslation('ecRecords');
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const list = evidenceNames(names);

  const send = async (file: File) => {
    const problem = evidenceProblem(file, EVIDENCE_MAX_BYTES);
    if (problem) {
      void message.error(t(problem === 'type' ? 'evidence.badType' : 'evidence.tooLarge'));
      return;
    }
    setProgress(0);
    try {
      const answer = await upload('/api/ec-data/upload-image', { clientId, recordId }, file, { onProgress: setProgress });
      onNames(answer.names);
      void message.success(t('evidence.uploaded'));
    } catch (error) {
      void message.error(t('evidence.uploadFailed', { message: errorMessage(error) }));
    } finally {
      setProgress(null);
    }
  };

  const remove = async (name: string) => {
    setRemoving(name);
    try {
      const answer = await api('/api/ec-data/delete-upload-pic', { clientId, recordId, name });
      onNames(answer.names);
      void message.success(t('evidence.removed'));
    } catch (error) {
      void message.error(t('evidence.removeFailed', { message: errorMessage(error) }));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Flex vertical gap={12} data-testid="ec-evidence">
      {analyst && (
        <Flex align="center" gap={12} wrap>
          <div data-testid="ec-evidence-upload">
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              disabled={progress !== null || undefined}
              beforeUpload={(file) => {
                void send(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />} loading={progress !== null}>
                {t('evidence.upload')}
              </Button>
            </Upload>
          </div>
          {progress !== null ? <Progress percent={progress} size="small" aria-label={t('evidence.upload')} style={{ width: 200, marginBottom: 0 }} /> : <Typography.Text type="secondary">{t('evidence.hint')}</Typography.Text>}
        </Flex>
      )}
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('evidence.none')} />
      ) : (
        <Image.PreviewGroup>
          <Flex wrap gap={12}>
            {list.map((name) => (
              <Card
                key={name}
                size="small"
                style={{ width: 220 }}
                styles={{ body: { padding: 8 } }}
                data-testid="ec-evidence-item"
                cover={<Image src={evidenceUrl(clientId, recordId, name)} alt={name} height={160} style={{ objectFit: 'contain', background: '#fafafa' }} />}
              >
                <Flex justify="space-between" align="center" gap={4}>
                  <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 150 }}>
                    {name}
                  </Typography.Text>
                  {analyst && (
                    <Popconfirm title={t('evidence.removeConfirm')} onConfirm={() => remove(name)} okButtonProps={{ danger: true, 'data-testid': 'ec-evidence-remove-ok' }}>
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} loading={removing === name} aria-label={t('evidence.remove')} data-testid="ec-evidence-remove" />
                    </Popconfirm>
                  )}
                </Flex>
              </Card>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </Flex>
  );
}
