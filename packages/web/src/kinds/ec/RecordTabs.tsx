import { Card, Descriptions, Row, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EcRecord } from '@portal/contract';
import type { FilterValue } from '../../records/listQuery';
import { safeUrl } from '../../records/values';
import { ecColumnTitle, ecValueText, type EcTexts } from './ecFields';
import type { Lookups } from './ecLookups';
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
 * Document 3, section 2, on the detail's side: the scraped info and the screenshot evidence. The web page (framed
 * on demand) and the picture are the shared picture card's (records/RecordPicture.tsx), for every kind alike.
 */
export function RecordTabs({ record, clientId, analyst, lookups, texts, onEvidence }: RecordTabsProps) {
  const { t } = useTranslation('ecRecords');

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
      key: 'scraped',
      label: t('tab.scraped'),
      // Its custom fields belong to the form: rendered from the start, so the form holds them.
      forceRender: true,
      children: (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, xl: 1, xxl: 2 }}
            data-testid="ec-scraped"
            items={SCRAPED.map((key) => {
              const raw = record[key] as FilterValue;
              const text = key === 'ec_product_price' && raw !== null ? `${String(raw)} ${record.ec_product_currency}`.trim() : ecValueText(key, raw, lookups, texts);
              const value = LINKS.has(key) ? link(String(raw ?? '')) : text;
              // A crawled record says, quietly and in words, where the crawler read each field (null for uploads).
              const source = record.ec_field_sources?.[key];
              return {
                key,
                label: ecColumnTitle(key, lookups.locale, texts),
                children: source ? (
                  <>
                    {value}
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid={`ec-source-${key}`}>
                      {t('source.readFrom', { source: t(`source.${source}`) })}
                    </Typography.Text>
                  </>
                ) : (
                  value
                ),
              };
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
    {
      key: 'evidence',
      label: t('tab.evidence'),
      children: <EvidenceTab clientId={clientId} recordId={record.ec_id} names={record.ec_upload_image_names} analyst={analyst} onNames={onEvidence} />,
    },
  ];

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Tabs items={items} defaultActiveKey="scraped" data-testid="ec-detail-tabs" />
    </Card>
  );
}
