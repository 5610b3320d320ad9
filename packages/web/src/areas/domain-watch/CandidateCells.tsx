import { useState } from 'react';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Candidate } from '@portal/contract';
import { formatDateTime } from '../../components/dateTime';
import { SafeLink } from '../../records/SafeLink';
import { screenshotUrl, wsRecordPath } from './model';

/** The name as a person reads it, with its ASCII (punycode) form beneath when they differ, and the page it serves. */
export function DomainCell({ c }: { c: Candidate }) {
  const { t } = useTranslation('domainWatch');
  return (
    <Space direction="vertical" size={0} style={{ maxWidth: 260 }}>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-testid={`dw-candidate-domain-${c.id}`}>
        {c.unicode}
      </Typography.Text>
      {c.unicode !== c.domain && (
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {c.domain}
        </Typography.Text>
      )}
      {c.pageTitle && <Typography.Text type="secondary">{t('candidates.pageTitle', { title: c.pageTitle })}</Typography.Text>}
      {c.pageUrl && <SafeLink url={c.pageUrl} wrap />}
    </Space>
  );
}

export function RegisteredTag({ registered }: { registered: boolean | null }) {
  const { t } = useTranslation('domainWatch');
  if (registered === null) return <Tag color="warning">{t('candidates.lookupFailed')}</Tag>;
  return registered ? <Tag color="red">{t('candidates.yes')}</Tag> : <Tag>{t('candidates.no')}</Tag>;
}

/** The score as a bar with its number; the bar is a meter with its own label for screen readers. */
export function ScoreMeter({ score }: { score: number }) {
  const { t } = useTranslation('domainWatch');
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const color = value >= 70 ? '#cf1322' : value >= 40 ? '#ad6800' : '#595959';
  return (
    <Space size={6}>
      <div role="meter" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={t('candidates.scoreLabel', { score: value })} style={{ width: 60, height: 8, background: '#f0f0f0', borderRadius: 4, border: '1px solid #8c8c8c' }}>
        <div style={{ width: `${value}%`, height: '100%', background: color, borderRadius: 3 }} />
      </div>
      <span aria-hidden>{value}</span>
    </Space>
  );
}

export function ReasonList({ c }: { c: Candidate }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18, maxWidth: 360 }} data-testid={`dw-candidate-reasons-${c.id}`}>
      {c.reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

const DNS_TYPES = ['a', 'aaaa', 'mx', 'ns'] as const;

export function DnsAnswers({ c }: { c: Candidate }) {
  const { t } = useTranslation('domainWatch');
  const held = DNS_TYPES.filter((type) => c.dns[type].length > 0);
  if (held.length === 0) return <Typography.Text type="secondary">{t('candidates.noDns')}</Typography.Text>;
  return (
    <dl style={{ margin: 0 }}>
      {held.map((type) => (
        <div key={type} style={{ display: 'flex', gap: 6 }}>
          <dt style={{ fontWeight: 600 }}>{type.toUpperCase()}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{c.dns[type].join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Registration({ c }: { c: Candidate }) {
  const { t } = useTranslation('domainWatch');
  const r = c.registration;
  if (!r) return <Typography.Text type="secondary">{t('candidates.unknown')}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {r.registrar && <span>{t('candidates.registrar', { registrar: r.registrar })}</span>}
      {r.createdAt && <span>{t('candidates.createdAt', { date: formatDateTime(r.createdAt) })}</span>}
      {r.expiresAt && <span>{t('candidates.expiresAt', { date: formatDateTime(r.expiresAt) })}</span>}
      <Typography.Text type="secondary">{t('candidates.source', { source: r.source.toUpperCase() })}</Typography.Text>
    </Space>
  );
}

/** The page's screenshot as a thumbnail; pressed, it opens larger in a dialog. */
export function Screenshot({ c }: { c: Candidate }) {
  const { t } = useTranslation('domainWatch');
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!c.screenshot || failed) {
    return (
      <span className="rec-thumb rec-thumb-none" title={t('candidates.noScreenshot')}>
        <PictureOutlined aria-label={t('candidates.noScreenshot')} />
      </span>
    );
  }
  const alt = t('candidates.screenshotAlt', { domain: c.unicode });
  return (
    <>
      <Button type="text" style={{ padding: 0, height: 'auto' }} aria-label={t('candidates.screenshotOpen', { domain: c.unicode })} onClick={() => setOpen(true)} data-testid={`dw-candidate-shot-${c.id}`}>
        <img className="rec-thumb" src={screenshotUrl(c.id)} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />
      </Button>
      <Modal open={open} title={c.unicode} footer={null} width={1040} onCancel={() => setOpen(false)} destroyOnClose>
        <img src={screenshotUrl(c.id)} alt={alt} style={{ width: '100%', height: 'auto' }} />
      </Modal>
    </>
  );
}

export function StateCell({ c, clientId }: { c: Candidate; clientId: number }) {
  const { t } = useTranslation('domainWatch');
  const color = c.state === 'promoted' ? 'green' : c.state === 'dismissed' ? 'default' : 'blue';
  return (
    <Space direction="vertical" size={0}>
      <Tag color={color}>{t(`state.${c.state}`)}</Tag>
      {c.recordId !== null && (
        <Link to={wsRecordPath(clientId, c.recordId)} data-testid={`dw-candidate-record-${c.id}`}>
          {t('candidates.openRecord', { id: c.recordId })}
        </Link>
      )}
    </Space>
  );
}
