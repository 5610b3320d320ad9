import { App, Button, Card, Flex, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WS_UPDATE_FIELDS, type WsRecord } from '@portal/contract';
import type { DetailPartProps } from '../../records/kind';
import { ScrapedFields } from '../../records/ScrapedFields';
import { StandardSections } from '../../records/StandardSections';
import type { WsKindTypes } from './wsKind';
import { actionOptions, resultOptions, siteCategoryOptions, whoisText, wsFieldLabel, wsValueText } from './wsModel';

/** The whois text preformatted (kept lines, wrapped when long, scrolled when tall), with a copy button. */
export function Whois({ text }: { text: string }) {
  const { t } = useTranslation('wsRecords');
  const { message } = App.useApp();
  const shown = whoisText(text);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      void message.success(t('detail.copied'));
    } catch {
      void message.error(t('detail.copyFailed'));
    }
  };
  return (
    <Flex vertical gap={4} data-testid="ws-whois">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('detail.whois')}</Typography.Text>
        <Button size="small" icon={<CopyOutlined />} disabled={!shown} onClick={() => void copy()} data-testid="ws-whois-copy">
          {t('detail.copy')}
        </Button>
      </Flex>
      {shown ? (
        // Scrolled when long: a named region the keyboard can reach and scroll (WCAG 2.1.1).
        <pre
          tabIndex={0}
          role="region"
          aria-label={t('detail.whois')}
          style={{ margin: 0, padding: 12, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12, lineHeight: 1.5, background: 'rgba(0, 0, 0, 0.03)', borderRadius: 6 }}
          data-testid="ws-whois-text"
        >
          {shown}
        </pre>
      ) : (
        <Typography.Text type="secondary">{t('detail.whoisEmpty')}</Typography.Text>
      )}
    </Flex>
  );
}

const SCRAPE_FIELDS = [
  'id', 'no', 'reportId', 'searchEngine', 'scanDate', 'searchKeyword', 'pageDomain', 'pageURL', 'domainRegion', 'tld', 'domainContact',
  'redirectURL', 'domainCreatedAt', 'domainExpireAt', 'domainUpdatedAt',
] as const satisfies readonly (keyof WsRecord)[];
const LINKS = new Set<(typeof SCRAPE_FIELDS)[number]>(['pageURL', 'redirectURL']);

/** Scrape info (read-only for everyone, above the form): the scraped fields, URLs as links, and the whois. */
export function ScrapeSection({ record, lookups }: DetailPartProps<WsKindTypes>) {
  const { t } = useTranslation('wsRecords');
  return (
    <Card size="small" title={t('detail.scrape')} style={{ marginBottom: 16 }} data-testid="ws-section-scrape">
      <ScrapedFields
        fields={SCRAPE_FIELDS}
        label={(key) => wsFieldLabel(key, lookups.locale)}
        text={(key) => wsValueText(key, record[key], lookups)}
        links={LINKS}
        prefix="ws"
      />
      <Whois text={record.whois} />
    </Card>
  );
}

/** The form's sections: the standard ones with the site categories and the WS actions and results. */
export function WsFormSections({ analyst, lookups }: DetailPartProps<WsKindTypes>) {
  const { t } = useTranslation('wsRecords');
  const locale = lookups.locale;
  return (
    <StandardSections
      prefix="ws"
      analyst={analyst}
      label={(field) => wsFieldLabel(WS_UPDATE_FIELDS[field], locale)}
      categoryOptions={siteCategoryOptions(locale)}
      categoryPlaceholder={t('detail.sitePlaceholder')}
      actionOptions={actionOptions(locale)}
      resultOptions={resultOptions(locale)}
      trademarks={lookups}
    />
  );
}
