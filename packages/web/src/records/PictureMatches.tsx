import { useState } from 'react';
import { Alert, Card, Empty, Flex, Image, Space, Tag, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EvidenceKind, ImageMatch } from '@portal/contract';
import { thumbnailUrl } from './picture';
import { genuinePhotoUrl, trademarkImageUrl, type PictureFacts } from './pictureFile';
import { MatchKindTag, StatusTag } from './PictureMatchTags';

interface Props {
  kind: EvidenceKind;
  clientId: number;
  recordId: number;
  facts: PictureFacts;
}

/**
 * Issue 31, point 3: what the portal found in the record's listing picture, each match beside it: the genuine photo
 * (same photo) or the other listings' pictures with a link to their records (shared photo), the trademark's image
 * with a box drawn where the listing picture shows it (logo), or the listing picture alone for a word mark read in
 * it, the kind, the score
 * and the server's reason (already in the reader's language); the picture's state, and why it failed.
 */
export function PictureMatches({ kind, clientId, recordId, facts }: Props) {
  const { t } = useTranslation('pictures');
  const status = facts.imageStatus ?? null;
  const matches = facts.imageMatches ?? [];
  return (
    <Card size="small" style={{ marginBottom: 16 }} title={t('matches.title')} extra={status && <StatusTag status={status} />} data-testid={`${kind}-picture-matches`}>
      {status === null && <Typography.Text type="secondary">{t('matches.noPicture')}</Typography.Text>}
      {status === 'failed' && <Alert type="warning" showIcon message={facts.imageFailure ?? t('status.failed')} data-testid={`${kind}-picture-failure`} />}
      {status === 'done' && matches.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('matches.none')} />}
      <Flex vertical gap={12}>
        {matches.map((m) => (
          <MatchRow key={`${m.kind}-${m.refId}`} kind={kind} clientId={clientId} recordId={recordId} match={m} />
        ))}
      </Flex>
    </Card>
  );
}

const THUMB = 88;

/** One picture of a match; one that cannot be had (the listing's site down, a photo removed meanwhile) shows the picture sign. */
function MatchPicture({ src, label }: { src: string; label: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="pic-match-none" role="img" aria-label={label}>
        <PictureOutlined />
      </span>
    );
  }
  return <Image src={src} alt={label} width={THUMB} height={THUMB} style={{ objectFit: 'contain' }} onError={() => setFailed(true)} />;
}

const LOGO_WIDTH = 176;

/**
 * The listing picture at its own proportions with the box where the logo was found drawn over it (the box is in
 * shares of the picture's width and height, so it scales with the picture).
 */
function BoxedPicture({ src, label, box }: { src: string; label: string; box: NonNullable<ImageMatch['box']> }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <MatchPicture src={src} label={label} />;
  const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
  return (
    <span className="pic-match-boxed" style={{ width: LOGO_WIDTH }}>
      <img src={src} alt={label} width={LOGO_WIDTH} onError={() => setFailed(true)} />
      <span className="pic-match-box" style={{ left: pct(box.x), top: pct(box.y), width: pct(box.w), height: pct(box.h) }} data-testid="picture-match-box" />
    </span>
  );
}

function MatchRow({ kind, clientId, recordId, match }: { kind: EvidenceKind; clientId: number; recordId: number; match: ImageMatch }) {
  const { t } = useTranslation('pictures');
  const listing = thumbnailUrl(kind, clientId, recordId, 'small', 'image');
  // A word mark is read in the listing picture itself: no second picture; the reason names the trademark (its word,
  // number and office) or the brand, which is what an analyst looks up.
  const readIn = match.kind === 'wordmark';
  const genuine = match.kind === 'same-photo';
  if (match.kind === 'logo') return <LogoRow kind={kind} clientId={clientId} recordId={recordId} match={match} />;
  const other = genuine ? genuinePhotoUrl(clientId, match.refId) : thumbnailUrl(kind, clientId, match.refId, 'small', 'image');
  const otherLabel = genuine ? t('matches.genuine', { id: match.refId }) : t('matches.otherRecord', { id: match.refId });
  return (
    <Flex gap={12} align="flex-start" wrap data-testid={`${kind}-picture-match-${match.kind}-${match.refId}`}>
      <Space size={8} align="start">
        <figure className="pic-match-figure">
          <MatchPicture src={listing} label={t('matches.listing')} />
          <figcaption>{t('matches.listing')}</figcaption>
        </figure>
        {!readIn && (
          <figure className="pic-match-figure">
            <MatchPicture src={other} label={otherLabel} />
            <figcaption>{genuine ? otherLabel : <Link to={`/${kind}-data/${clientId}/${match.refId}`} data-testid={`${kind}-picture-match-link-${match.refId}`}>{otherLabel}</Link>}</figcaption>
          </figure>
        )}
      </Space>
      <MatchWords match={match} />
    </Flex>
  );
}

/** A match's kind, score and the reason in the reader's language, beside its pictures. */
function MatchWords({ match }: { match: ImageMatch }) {
  const { t } = useTranslation('pictures');
  return (
    <Flex vertical gap={4} style={{ minWidth: 200, flex: 1 }}>
      <Space size={4} wrap>
        <MatchKindTag kind={match.kind} />
        <Tag>{t('matches.score', { score: match.score })}</Tag>
      </Space>
      <Typography.Text>{match.reason}</Typography.Text>
    </Flex>
  );
}

/**
 * A logo: the listing picture with the box where it shows the logo, beside the trademark's image. The large
 * thumbnail, which keeps the picture's proportions (the small one may be cut to a square), so the box lines up.
 */
function LogoRow({ kind, clientId, recordId, match }: { kind: EvidenceKind; clientId: number; recordId: number; match: ImageMatch }) {
  const { t } = useTranslation('pictures');
  const listing = thumbnailUrl(kind, clientId, recordId, match.box ? 'large' : 'small', 'image');
  const mark = t('matches.trademark', { id: match.refId });
  return (
    <Flex gap={12} align="flex-start" wrap data-testid={`${kind}-picture-match-${match.kind}-${match.refId}`}>
      <Space size={8} align="start">
        <figure className="pic-match-figure">
          {match.box ? <BoxedPicture src={listing} label={t('matches.listing')} box={match.box} /> : <MatchPicture src={listing} label={t('matches.listing')} />}
          <figcaption>{t('matches.listing')}</figcaption>
        </figure>
        {match.image && (
          <figure className="pic-match-figure">
            <MatchPicture src={trademarkImageUrl(match.image, clientId)} label={mark} />
            <figcaption>{mark}</figcaption>
          </figure>
        )}
      </Space>
      <MatchWords match={match} />
    </Flex>
  );
}
