import { Alert, Button, Card, Descriptions, Empty, Flex, Row, Tabs, Typography } from 'antd';
import { EyeOutlined, ExportOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EcRecord } from '@portal/contract';
import type { FilterValue } from '../../records/listQuery';
import { safeUrl } from '../../records/values';
import { ecColumnTitle, ecValueText, type EcTexts } from '../ecFields';
import type { Lookups } from '../ecLookups';
import { CustomFields, customsOf } from './RecordSections';
import { EvidenceTab } from './EvidenceTab';

/** The scraped fields shown read-only on the "scraped info" tab (document 3, section 3). */
const SCRAPED: readonly (keyof EcRecord)[] = [
  'ec_id',
  'ec_no',
  'ec_site',
  'ec_scan_date',
  'ec_search_keyword',
  'ec_product_no',
  'ec_product_title',
  'ec_product_url',
  'ec_product_brand',
  'ec_product_seller',
  'ec_product_seller_url',
  'ec_product_price',
  'ec_product_currency',
  'ec_product_image_url',
  'ec_product_onsell_count',
  'ec_product_sold_count',
  'ec_product_region',
  'ec_product_city',
  'ec_blacklist_object',
  'ec_whitelist_object',
  'ec_is_need_to_check',
  'ec_title_hint_word',
  'ec_brand_hint_word',
  'ec_category_rule_id',
  'report_id',
];
const LINKS = new Set<keyof EcRecord>(['ec_product_url', 'ec_product_seller_url', 'ec_product_image_url']);

export interface RecordTabsProps {
  record: EcRecord;
  clientId: number;
  analyst: boolean;
  lookups: Lookups;
  texts: EcTexts;
  onEvidence: (names: string) => void;
}

/**
 * Document 3, section 2: the web page (the product URL in a frame with no rights at all, sandbox="", and no
 * referrer; most marketplaces refuse to be framed, hence the open-in-new-tab button), the thumbnail, the screenshot
 * evidence and the scraped info.
 */
export function RecordTabs({ record, clientId, analyst, lookups, texts, onEvidence }: RecordTabsProps) {
  const { t } = useTranslation('ecRecords');
  const productUrl = safeUrl(record.ec_product_url);
  // The frame opens on demand: shown first, a full-height frame pushed the categorization form below a laptop's
  // screen (and most marketplaces refuse to be framed anyway).
  const [framed, setFramed] = useState(false);
  const imageUrl = safeUrl(record.ec_product_image_url);

  const link = (raw: string) => {
    const href = safeUrl(raw);
    return href ? (
      <a href={href} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer" style={{ wordBreak: 'break-all' }}>
        {raw}
      </a>
    ) : (
      raw
    );
  };

  const items = [
    {
      key: 'page',
      label: t('tab.page'),
      children: productUrl ? (
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: '70%' }}>
              {productUrl}
            </Typography.Text>
            {/* Opening the listing is reading: it stays enabled in the read-only form of an analyst who does not manage the client. */}
            <Button icon={<ExportOutlined />} href={productUrl} target="_blank" rel="noopener noreferrer" disabled={false} data-testid="ec-open-tab">
              {t('detail.openTab')}
            </Button>
          </Flex>
          <Alert type="info" showIcon message={t('tab.pageHint')} />
          {framed ? (
            <iframe
              src={productUrl}
              title={t('tab.page')}
              sandbox=""
              referrerPolicy="no-referrer"
              style={{ width: '100%', height: 'min(560px, 60vh)', border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
              data-testid="ec-page-frame"
            />
          ) : (
            <Button icon={<EyeOutlined />} onClick={() => setFramed(true)} disabled={false} style={{ alignSelf: 'flex-start' }} data-testid="ec-show-frame">
              {t('tab.showFrame')}
            </Button>
          )}
        </Flex>
      ) : (
        <Empty description={t('tab.noUrl')} />
      ),
    },
    {
      key: 'thumbnail',
      label: t('tab.thumbnail'),
      children: imageUrl ? (
        <Flex justify="center">
          <img src={imageUrl} alt={record.ec_product_title} referrerPolicy="no-referrer" style={{ maxWidth: '100%', maxHeight: 520, objectFit: 'contain' }} data-testid="ec-thumbnail" />
        </Flex>
      ) : (
        <Empty description={t('tab.noImage')} />
      ),
    },
    {
      key: 'evidence',
      label: t('tab.evidence'),
      children: <EvidenceTab clientId={clientId} recordId={record.ec_id} names={record.ec_upload_image_names} analyst={analyst} onNames={onEvidence} />,
    },
    {
      key: 'scraped',
      label: t('tab.scraped'),
      // Its custom fields belong to the form: rendered from the start, so the form holds them.
      forceRender: true,
      children: (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2, xl: 3 }}
            data-testid="ec-scraped"
            items={SCRAPED.map((key) => {
              const raw = record[key] as FilterValue;
              const text = key === 'ec_product_price' && raw !== null ? `${String(raw)} ${record.ec_product_currency}`.trim() : ecValueText(key, raw, lookups, texts);
              return { key, label: ecColumnTitle(key, lookups.locale, texts), children: LINKS.has(key) ? link(String(raw ?? '')) : text };
            })}
          />
          {customsOf(lookups.customColumns, 1).length > 0 && (
            <Card size="small" title={t('detail.customScrape')} style={{ marginTop: 12 }}>
              <Row gutter={16}>
                <CustomFields columns={customsOf(lookups.customColumns, 1)} disabled={!analyst} />
              </Row>
            </Card>
          )}
        </>
      ),
    },
  ];

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Tabs items={items} defaultActiveKey="page" data-testid="ec-detail-tabs" />
    </Card>
  );
}
