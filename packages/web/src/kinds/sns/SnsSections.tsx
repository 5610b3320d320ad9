import { Card, Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SNS_UPDATE_FIELDS, type SnsRecord } from '@portal/contract';
import type { DetailPartProps } from '../../records/kind';
import { ScrapedFields } from '../../records/ScrapedFields';
import { StandardSections } from '../../records/StandardSections';
import type { SnsKindTypes } from './snsKind';
import { actionOptions, resultOptions, snsCategoryOptions, snsFieldLabel, snsValueText } from './snsModel';

/** The record's own fields (the picture's matches are a list, shown apart). */
type Field = Exclude<keyof SnsRecord, 'imageMatches'>;

const SCAN_FIELDS = ['id', 'no', 'reportId', 'platform', 'scanDate', 'searchKeyword', 'region'] as const satisfies readonly Field[];
const ACCOUNT_FIELDS = ['accountName', 'accountId', 'accountURL', 'followers'] as const satisfies readonly Field[];
const POST_FIELDS = ['postURL', 'postedAt', 'imageURL'] as const satisfies readonly Field[];
const LINKS = new Set<Field>(['accountURL', 'postURL', 'imageURL']);
const CARD = { size: 'small' as const, style: { marginBottom: 16 } };
/** The account and the post side by side (one above the other beside the form on a wide screen), as high as each other. */
const SIDE_CARD = { size: 'small' as const, style: { marginBottom: 16, height: 'calc(100% - 16px)' } };

/**
 * What was found (read-only for everyone, above the form): the scan, the account (name, id, URL, followers), the
 * post (URL, text, posted on, image URL as a link) and why the upload matched the client's black or white list.
 */
export function SnsFound({ record, lookups }: DetailPartProps<SnsKindTypes>) {
  const { t } = useTranslation('snsRecords');
  const fields = (keys: readonly Field[], column?: number) => (
    <ScrapedFields
      fields={keys}
      label={(key) => snsFieldLabel(key, lookups.locale)}
      text={(key) => (key === 'followers' && record.followers !== null ? record.followers.toLocaleString() : snsValueText(key, record[key], lookups))}
      links={LINKS}
      prefix="sns"
      column={column}
    />
  );
  const matched = record.blacklist !== '' || record.whitelist !== '';
  return (
    <>
      <Card {...CARD} title={t('detail.scan')} data-testid="sns-section-scan">
        {fields(SCAN_FIELDS)}
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={10} xl={24}>
          <Card {...SIDE_CARD} title={t('detail.account')} data-testid="sns-section-account">
            {fields(ACCOUNT_FIELDS, 1)}
          </Card>
        </Col>
        <Col xs={24} lg={14} xl={24}>
          <Card {...SIDE_CARD} title={t('detail.post')} data-testid="sns-section-post">
            {fields(POST_FIELDS, 1)}
            <Flex vertical gap={4} style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">{snsFieldLabel('postText', lookups.locale)}</Typography.Text>
              {record.postText ? (
                // Scrolled when long: a named region the keyboard can reach and scroll (WCAG 2.1.1).
                <Typography.Paragraph
                  tabIndex={0}
                  role="region"
                  aria-label={snsFieldLabel('postText', lookups.locale)}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflow: 'auto', margin: 0, padding: 12, background: 'rgba(0, 0, 0, 0.03)', borderRadius: 6 }}
                  data-testid="sns-post-text"
                >
                  {record.postText}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('detail.noPostText')}</Typography.Text>
              )}
            </Flex>
          </Card>
        </Col>
      </Row>
      <Card {...CARD} title={t('detail.matching')} data-testid="sns-section-matching">
        {matched ? (
          <Flex vertical gap={8}>
            {record.blacklist && (
              <span data-testid="sns-matching-blacklist">
                <Tag color="error">{snsFieldLabel('blacklist', lookups.locale)}</Tag>
                <span style={{ overflowWrap: 'anywhere' }}>{record.blacklist}</span>
              </span>
            )}
            {record.whitelist && (
              <span data-testid="sns-matching-whitelist">
                <Tag color="success">{snsFieldLabel('whitelist', lookups.locale)}</Tag>
                <span style={{ overflowWrap: 'anywhere' }}>{record.whitelist}</span>
              </span>
            )}
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noMatch')} style={{ margin: 0 }} />
        )}
      </Card>
    </>
  );
}

/** The form's sections: the standard ones with the SNS categories and the SNS actions and results. */
export function SnsFormSections({ analyst, lookups }: DetailPartProps<SnsKindTypes>) {
  const { t } = useTranslation('snsRecords');
  const locale = lookups.locale;
  return (
    <StandardSections
      prefix="sns"
      analyst={analyst}
      label={(field) => snsFieldLabel(SNS_UPDATE_FIELDS[field], locale)}
      categoryOptions={snsCategoryOptions(locale)}
      categoryPlaceholder={t('detail.categoryPlaceholder')}
      actionOptions={actionOptions(locale)}
      resultOptions={resultOptions(locale)}
      trademarks={lookups}
    />
  );
}
