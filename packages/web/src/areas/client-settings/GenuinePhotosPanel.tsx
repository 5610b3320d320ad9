import { useState } from 'react';
import { Alert, App, Button, Divider, Flex, Form, Image, Input, Popconfirm, Table, Typography, Upload, type ButtonProps } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GENUINE_PHOTOS_PER_UPLOAD, type pictures } from '@portal/contract';
import type { z } from 'zod';
import { useCall, useCallMutation, useInvalidateCalls } from '../../platform/calls';
import { errorMessage } from '../../platform/api';
import { upload } from '../../platform/upload';
import { formatDateTime } from '../../components/dateTime';
import { PICTURE_ACCEPT, PICTURE_MAX_MB, genuinePhotoUrl, pictureFileProblem } from '../../records/pictureFile';
import { PictureSettingsForm } from './PictureSettingsForm';

type Photo = z.infer<typeof pictures.genuinePhoto>;
const PHOTOS = '/api/client-settings/fetch-genuine-photos';
const BRAND_MAX = 200;

/**
 * Issue 31, point 1: the brand's genuine product photos of a client, with how many records show each, uploaded many
 * at once with a brand or model, removed after a confirmation; and the matching distance. `mayChange`: the client's
 * managing analysts (the server's rule); its users see the same without the controls.
 */
export function GenuinePhotosPanel({ clientId, mayChange }: { clientId: number; mayChange: boolean }) {
  const { t } = useTranslation('pictures');
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const photos = useCall(PHOTOS, { clientId }, { select: (a) => a.photos });
  const [brand, setBrand] = useState('');
  const [busy, setBusy] = useState(false);
  const remove = useCallMutation('/api/client-settings/remove-genuine-photo', {
    invalidates: [PHOTOS],
    onSuccess: () => void message.success(t('photos.removed')),
    onError: (error) => void message.error(t('photos.removeFailed', { message: errorMessage(error) })),
  });

  // The picker hands over every chosen file: checked here first, then sent in one call (all or nothing on the server).
  const send = async (files: File[]) => {
    if (files.length > GENUINE_PHOTOS_PER_UPLOAD) return void message.error(t('photos.tooMany', { count: GENUINE_PHOTOS_PER_UPLOAD }));
    for (const file of files) {
      const problem = pictureFileProblem(file);
      if (problem) return void message.error(t(`photos.${problem}`, { name: file.name, size: PICTURE_MAX_MB }));
    }
    setBusy(true);
    try {
      const answer = await upload('/api/client-settings/upload-genuine-photos', { clientId, brand: brand.trim() || undefined }, files);
      void message.success(t('photos.uploaded', { count: answer.photos.length }));
      await invalidate([PHOTOS]);
    } catch (error) {
      void message.error(t('photos.uploadFailed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  const name = (p: Photo) => p.brand || p.fileName;
  const columns = [
    {
      key: 'picture',
      title: t('photos.picture'),
      width: 96,
      render: (_: unknown, p: Photo) => <Image src={genuinePhotoUrl(clientId, p.id)} alt={name(p)} width={72} height={72} style={{ objectFit: 'contain' }} data-testid={`genuine-photo-image-${p.id}`} />,
    },
    { key: 'brand', title: t('photos.brand'), dataIndex: 'brand' },
    { key: 'fileName', title: t('photos.fileName'), dataIndex: 'fileName' },
    { key: 'createdAt', title: t('photos.createdAt'), width: 160, render: (_: unknown, p: Photo) => formatDateTime(p.createdAt) },
    { key: 'matchCount', title: t('photos.matchCount'), width: 140, align: 'right' as const, render: (_: unknown, p: Photo) => <span data-testid={`genuine-photo-matches-${p.id}`}>{p.matchCount}</span> },
    ...(mayChange
      ? [
          {
            key: 'actions',
            title: t('photos.actions'),
            width: 120,
            render: (_: unknown, p: Photo) => (
              <Popconfirm
                title={t('photos.removeTitle')}
                description={t('photos.removeConfirm', { name: name(p) })}
                onConfirm={() => remove.mutateAsync({ photoId: p.id }).catch(() => undefined)}
                okButtonProps={{ danger: true, 'data-testid': 'genuine-photo-remove-ok' } as ButtonProps}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('photos.removeLabel', { name: name(p) })} data-testid={`genuine-photo-remove-${p.id}`}>
                  {t('photos.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} data-testid="genuine-photos">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('photos.help')}
      </Typography.Paragraph>
      {!mayChange && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('photos.readOnly')}
        </Typography.Paragraph>
      )}
      {mayChange && (
        <Form layout="inline" onSubmitCapture={(e) => e.preventDefault()}>
          <Form.Item label={t('photos.brand')} htmlFor="genuine-photo-brand">
            <Input id="genuine-photo-brand" value={brand} maxLength={BRAND_MAX} onChange={(e) => setBrand(e.target.value)} placeholder={t('photos.brandPlaceholder')} style={{ width: 260 }} data-testid="genuine-photo-brand" />
          </Form.Item>
          <Form.Item extra={t('photos.uploadHint', { count: GENUINE_PHOTOS_PER_UPLOAD, size: PICTURE_MAX_MB })}>
            <Upload
              multiple
              accept={PICTURE_ACCEPT}
              showUploadList={false}
              // Called once per file with the whole choice: the first call sends them all, nothing goes by antd's own request.
              beforeUpload={(file, list) => {
                if (file === list[0]) void send(list);
                return false;
              }}
              disabled={busy}
            >
              <Button icon={<UploadOutlined />} loading={busy} data-testid="genuine-photo-upload">
                {busy ? t('photos.uploading') : t('photos.choose')}
              </Button>
            </Upload>
          </Form.Item>
        </Form>
      )}
      {photos.isError ? (
        <Alert type="warning" showIcon message={t('photos.loadFailed', { message: errorMessage(photos.error) })} />
      ) : (
        <Table<Photo>
          rowKey="id"
          size="small"
          loading={photos.isLoading}
          dataSource={photos.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('photos.empty') }}
          data-testid="genuine-photo-table"
        />
      )}
      <Divider style={{ margin: 0 }} />
      <PictureSettingsForm clientId={clientId} mayChange={mayChange} />
    </Flex>
  );
}
