import { Descriptions, type DescriptionsProps } from 'antd';
import { SafeLink } from './SafeLink';

/**
 * Read-only record fields in label/value pairs (a detail's scraped info): each value as the user reads it, address
 * fields as links (http(s) only). A value's test id reads `${prefix}-scrape-${key}`.
 */
export function ScrapedFields<K extends string>({
  fields,
  label,
  text,
  links,
  prefix,
  column = { xs: 1, sm: 2, xl: 1, xxl: 2 },
}: {
  fields: readonly K[];
  label: (key: K) => string;
  text: (key: K) => string;
  links: ReadonlySet<K>;
  prefix: string;
  /** Pairs per line (by screen width): beside the form on a laptop one, on a wide screen two, unless given. */
  column?: DescriptionsProps['column'];
}) {
  return (
    <Descriptions
      size="small"
      column={column}
      items={fields.map((key) => {
        const value = text(key);
        const testId = `${prefix}-scrape-${key}`;
        return {
          key,
          label: label(key),
          children: links.has(key) ? (
            <SafeLink url={value} wrap testId={testId} />
          ) : (
            <span style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
              {value}
            </span>
          ),
        };
      })}
    />
  );
}
