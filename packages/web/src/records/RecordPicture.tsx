import { useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Image, Space, Tag, Typography } from 'antd';
import { ExportOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useCall } from '../platform/calls';
import { useTranslation } from 'react-i18next';
import type { EvidenceKind } from '@portal/contract';
import { pictureCandidates, type RecordPictureParts } from './picture';

export interface RecordPictureProps {
  kind: EvidenceKind;
  clientId: number;
  recordId: number;
  parts: RecordPictureParts;
  /** The record's title: the picture's text for those who cannot see it. */
  title: string;
  /** The listing's page (http(s) only), framed on demand; null: no page. */
  pageUrl: string | null;
}

/**
 * The record's picture at the top of the detail's side (issue 18): the listing's image through the portal, else
 * the newest capture, else the uploaded screenshot; a picture that fails to load gives way to the next. The
 * listing's page in a frame (no rights: sandbox="", no referrer) only when asked for, since most marketplaces
 * refuse to be framed and a frame shown first pushed the forms off a laptop's screen.
 */
export function RecordPicture({ kind, clientId, recordId, parts, title, pageUrl }: RecordPictureProps) {
  const { t } = useTranslation('records');
  // The evidence card's own query (the same call and input): one request for both.
  const captures = useCall('/api/evidence/list', { clientId, kind, recordId }, { select: (answer) => answer.evidence });
  const candidates = useMemo(() => pictureCandidates({ kind, clientId, recordId, parts, captures: captures.data ?? [] }), [kind, clientId, recordId, parts, captures.data]);
  // Failed sources by address: a new capture (a new address) is tried even after others failed.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = candidates.find((c) => !failed.has(c.src)) ?? null;
  const [framed, setFramed] = useState(false);

  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={t('picture.title')}
      data-testid={`${kind}-picture`}
      extra={shown && <Tag data-testid={`${kind}-picture-source`}>{t(`picture.source.${shown.source}`)}</Tag>}
    >
      <Flex vertical gap={8}>
        <div className="rec-picture">
          {shown ? (
            <Image
              key={shown.src}
              src={shown.src}
              preview={{ src: shown.full }}
              alt={title}
              onError={() => setFailed((prev) => new Set(prev).add(shown.src))}
              data-testid={`${kind}-picture-image`}
              data-source={shown.source}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={captures.isLoading ? t('evidence.loading') : t('picture.none')} data-testid={`${kind}-picture-none`} />
          )}
        </div>
        {pageUrl && (
          <Flex vertical gap={8}>
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text type="secondary" ellipsis={{ tooltip: pageUrl }} style={{ minWidth: 0 }}>
                {pageUrl}
              </Typography.Text>
              {/* Showing the page is reading: enabled in an analyst's read-only form too. */}
              <Space size={4}>
                <Button size="small" icon={framed ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => setFramed(!framed)} disabled={false} data-testid={`${kind}-show-frame`}>
                  {framed ? t('picture.hideFrame') : t('picture.showFrame')}
                </Button>
                <Button size="small" icon={<ExportOutlined />} href={pageUrl} target="_blank" rel="noopener noreferrer" disabled={false} data-testid={`${kind}-open-tab`}>
                  {t('picture.openTab')}
                </Button>
              </Space>
            </Flex>
            {framed && (
              <>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('picture.frameHint')}
                </Typography.Text>
                <iframe
                  src={pageUrl}
                  title={title}
                  sandbox=""
                  referrerPolicy="no-referrer"
                  style={{ width: '100%', height: 'min(560px, 60vh)', border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
                  data-testid={`${kind}-page-frame`}
                />
              </>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
