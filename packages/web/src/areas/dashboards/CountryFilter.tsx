import { Checkbox, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../platform/i18n';
import { countryName } from './labels';

/**
 * Section 2's locale filter: a check-all box and one box per country in a grid (section 9: 4 columns, 6 for the
 * EC categorization chart). The chart beside it shows the countries checked.
 */
export function CountryFilter({ countries, value, onChange, columns = 4, testId }: {
  countries: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  columns?: 4 | 6;
  testId: string;
}) {
  const { t } = useTranslation('dashboards');
  const locale = currentLocale();
  const all = countries.length > 0 && value.length === countries.length;
  return (
    <div data-testid={testId} style={{ marginBottom: 12 }}>
      <Checkbox
        checked={all}
        indeterminate={value.length > 0 && !all}
        onChange={(e) => onChange(e.target.checked ? [...countries] : [])}
        data-testid={`${testId}-all`}
      >
        {t('filter.all')}
      </Checkbox>
      <Checkbox.Group value={[...value]} onChange={(next) => onChange(countries.filter((c) => next.includes(c)))} style={{ width: '100%', marginTop: 4 }}>
        <Row gutter={[8, 4]} style={{ width: '100%' }}>
          {countries.map((code) => (
            <Col span={24 / columns} key={code}>
              <Checkbox value={code} data-testid={`${testId}-${code}`}>
                {countryName(code, locale, t('unknownCountry'))}
              </Checkbox>
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
    </div>
  );
}
