import { safeUrl } from './values';

/**
 * A scraped address: a link that opens in a new tab without a referrer when it is http(s), plain text otherwise
 * (a scraped URL is outside data).
 */
export function SafeLink({ url, testId, wrap }: { url: string | null | undefined; testId?: string; wrap?: boolean }) {
  const raw = url ?? '';
  const href = safeUrl(raw);
  const style = wrap ? { overflowWrap: 'anywhere' as const } : undefined;
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer" title={raw} style={style} data-testid={testId}>
      {raw}
    </a>
  ) : (
    <span style={style} data-testid={testId}>
      {raw}
    </span>
  );
}
