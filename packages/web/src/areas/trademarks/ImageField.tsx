import { useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Image, Progress, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../platform/api';
import { upload } from '../../platform/upload';
import { TRADEMARK_IMAGE_KINDS, acceptOf, fileProblem, imageUrl } from './model';

export interface ImageFieldProps {
  /** The image's stored name (the form's `image`), or null. */
  value?: string | null;
  onChange?: (name: string | null) => void;
  /** The company the image belongs to; none yet (staff who have not chosen a client) disables the upload. */
  clientId: number | undefined;
  trademarkId?: number;
  /** The form blocks its submit while an upload runs. */
  onUploading: (uploading: boolean) => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Spec 4: the one image of a trademark, uploaded as soon as it is chosen (with its progress), previewed, and removed
 * with the form's value set to null. An image uploaded here and not yet saved is also removed on the server.
 */
export function ImageField({ value, onChange, clientId, trademarkId, onUploading }: ImageFieldProps) {
  const { t } = useTranslation('trademarks');
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  // Names uploaded by this form and not saved yet: removing one of them deletes the file too.
  const fresh = useRef(new Set<string>());
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async (file: File) => {
    if (clientId === undefined) return;
    const problem = fileProblem(file, TRADEMARK_IMAGE_KINDS);
    if (problem) {
      void message.error(t(problem === 'type' ? 'image.badType' : 'image.tooLarge'));
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    onUploading(true);
    try {
      const { name } = await upload('/api/trademark/upload-image', { clientId, trademarkId }, file, { onProgress: setProgress, signal: controller.signal });
      fresh.current.add(name);
      onChange?.(name);
    } catch (error) {
      if (!isAbort(error)) void message.error(t('image.uploadFailed', { message: errorMessage(error) }));
    } finally {
      running.current = null;
      setProgress(null);
      onUploading(false);
    }
  };

  const remove = async () => {
    if (!value) return;
    if (fresh.current.has(value) && clientId !== undefined) {
      setRemoving(true);
      try {
        await api('/api/trademark/remove-image', { name: value, clientId, ...(trademarkId ? { trademarkId } : {}) });
        fresh.current.delete(value);
      } catch (error) {
        void message.warning(t('image.removeFailed', { message: errorMessage(error) }));
      } finally {
        setRemoving(false);
      }
    }
    onChange?.(null);
  };

  if (progress !== null) {
    return (
      <Flex align="center" gap={12} style={{ maxWidth: 420 }} data-testid="trademark-image-progress">
        <Progress percent={progress} size="small" aria-label={t('image.uploading')} style={{ flex: 1, marginBottom: 0 }} />
        <Button size="small" onClick={() => running.current?.abort()}>
          {t('image.cancel')}
        </Button>
      </Flex>
    );
  }

  if (value) {
    return (
      <Flex align="end" gap={12}>
        <div data-testid="trademark-image-preview">
          {clientId !== undefined && (
            <Image src={imageUrl(value, clientId)} alt={t('field.image')} width={160} style={{ maxHeight: 160, objectFit: 'contain' }} />
          )}
        </div>
        <Button danger icon={<DeleteOutlined />} loading={removing} onClick={() => void remove()} data-testid="trademark-image-remove">
          {t('image.remove')}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={4}>
      <div data-testid="trademark-image-upload">
        <Upload
          accept={acceptOf(TRADEMARK_IMAGE_KINDS)}
          maxCount={1}
          showUploadList={false}
          disabled={clientId === undefined}
          beforeUpload={(file) => {
            void start(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={clientId === undefined}>
            {t('image.choose')}
          </Button>
        </Upload>
      </div>
      <Typography.Text type="secondary">{t(clientId === undefined ? 'image.clientFirst' : 'image.hint')}</Typography.Text>
    </Flex>
  );
}
