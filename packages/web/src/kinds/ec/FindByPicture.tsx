import { useState } from 'react';
import { Alert, Button, Flex, Modal, Spin, Table, Typography, Upload } from 'antd';
import { InboxOutlined, PictureOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CallOutput } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { upload } from '../../platform/upload';
import { thumbnailUrl } from '../../records/picture';
import { RecordThumb } from '../../records/RecordThumb';
import { MatchKindTag } from '../../records/PictureMatchTags';
import { matchKindsOf } from '../../records/pictureListParts';
import { PICTURE_ACCEPT, PICTURE_MAX_MB, pictureFileProblem } from '../../records/pictureFile';

type Found = CallOutput<'/api/ec-data/search-by-picture'>['records'][number];

/**
 * Issue 31, point 4: find the client's marketplace records by a picture: dropped on the box or chosen with it (the box
 * is a button: Enter or Space opens the file picker), answered nearest first with the distance in bits. Errors in the
 * user's language: the browser's own check first, then the server's message (already translated).
 */
export function FindByPicture({ clientId }: { clientId: number }) {
  const { t } = useTranslation('pictures');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found[] | null>(null);

  const search = async (file: File) => {
    const problem = pictureFileProblem(file);
    setFound(null);
    if (problem) return setError(t(`photos.${problem}`, { name: file.name, size: PICTURE_MAX_MB }));
    setError(null);
    setBusy(true);
    try {
      setFound((await upload('/api/ec-data/search-by-picture', { clientId }, file)).records);
    } catch (e) {
      setError(t('find.failed', { message: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    { key: 'picture', title: t('find.picture'), width: 72, render: (_: unknown, r: Found) => <RecordThumb kind="ec" src={thumbnailUrl('ec', clientId, r.ec_id)} recordId={r.ec_id} alt="" /> },
    {
      key: 'record',
      title: t('find.record'),
      render: (_: unknown, r: Found) => (
        <Flex vertical gap={2}>
          <Link to={`/ec-data/${clientId}/${r.ec_id}`} data-testid={`ec-find-result-${r.ec_id}`}>
            {r.ec_product_title || t('matches.otherRecord', { id: r.ec_id })}
          </Link>
          <Typography.Text type="secondary">{[`ID ${r.ec_id}`, r.ec_product_seller].filter(Boolean).join(' · ')}</Typography.Text>
          <span>{matchKindsOf(r).map((k) => <MatchKindTag key={k} kind={k} />)}</span>
        </Flex>
      ),
    },
    { key: 'distance', title: t('find.distance'), width: 120, align: 'right' as const, render: (_: unknown, r: Found) => <span data-testid={`ec-find-distance-${r.ec_id}`}>{r.distance}</span> },
  ];

  return (
    <>
      <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid="ec-find-by-picture">
        {t('find.button')}
      </Button>
      <Modal open={open} title={t('find.title')} onCancel={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>{t('find.close')}</Button>} width={760} destroyOnHidden>
        <Flex vertical gap={12} data-testid="ec-find-panel">
          <Upload.Dragger
            accept={PICTURE_ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void search(file);
              return false;
            }}
            data-testid="ec-find-drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('find.drop')}</p>
            <p className="ant-upload-hint">{t('find.hint', { size: PICTURE_MAX_MB })}</p>
          </Upload.Dragger>
          {busy && <Spin tip={t('find.searching')}><div style={{ height: 48 }} /></Spin>}
          {error && <Alert type="error" showIcon message={error} data-testid="ec-find-error" />}
          {found && (
            <div role="status" data-testid="ec-find-count">
              <Typography.Text strong>{found.length ? t('find.results', { count: found.length }) : t('find.none')}</Typography.Text>
            </div>
          )}
          {found && found.length > 0 && <Table<Found> rowKey="ec_id" size="small" dataSource={found} columns={columns} pagination={false} scroll={{ y: 400 }} data-testid="ec-find-results" />}
        </Flex>
      </Modal>
    </>
  );
}
