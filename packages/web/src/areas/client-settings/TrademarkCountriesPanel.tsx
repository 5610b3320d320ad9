import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Col, Flex, Row, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { setCallData, useCall } from '../../platform/calls';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, REGIONS, REGION_NAMES, type Country } from '@portal/contract/code-lists';
import { api, errorMessage } from '../../platform/api';
import { toLocale } from '../../platform/i18n';

const GROUPS = REGIONS.map((region) => ({ region, countries: COUNTRIES.filter((c) => c.region === region) }));
const codesOf = (regions: string | undefined) => new Set((regions ?? '').split(',').filter(Boolean));

/**
 * Spec 2.12, trademark registration countries/regions: every country by region, 6 per row, checked where the client
 * has trademarks; Save sends the checked ISO codes as one comma-separated list.
 */
export function TrademarkCountriesPanel({ clientId }: { clientId: number }) {
  const { t, i18n } = useTranslation('settings');
  const locale = toLocale(i18n.language);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useCall('/api/analyst/get-trademark-countries', { clientId }, { select: (answer) => answer.regions.regions });
  const saved = useMemo(() => codesOf(query.data), [query.data]);
  // null: nothing changed since the last load or save.
  const [edited, setEdited] = useState<ReadonlySet<string> | null>(null);
  const checked = edited ?? saved;
  const [busy, setBusy] = useState(false);

  const toggle = (codes: readonly string[], on: boolean) => {
    const next = new Set(checked);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    setEdited(next);
  };
  const save = async () => {
    setBusy(true);
    try {
      const regions = COUNTRIES.filter((c) => checked.has(c.code))
        .map((c) => c.code)
        .join(',');
      const answer = await api('/api/analyst/set-trademark-countries', { clientId, regions });
      // The save answers what the load does: it becomes the cached answer.
      setCallData(queryClient, '/api/analyst/get-trademark-countries', { clientId }, answer);
      setEdited(null);
      void message.success(t('trademark.success'));
    } catch (error) {
      void message.error(t('trademark.failure', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  if (query.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('loadFailed', { message: errorMessage(query.error) })}
        action={<Button size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  if (query.isLoading) return <Spin />;
  const count = COUNTRIES.filter((c) => checked.has(c.code)).length;
  return (
    <div data-testid="trademark-countries">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('trademark.hint', { count })}</Typography.Text>
        <Space>
          <Button disabled={edited === null || busy} onClick={() => setEdited(null)} data-testid="trademark-reset">
            {t('trademark.reset')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="trademark-save">
            {t('trademark.save')}
          </Button>
        </Space>
      </Flex>
      {GROUPS.map(({ region, countries }) => (
        <RegionGroup
          key={region}
          title={REGION_NAMES[region][locale]}
          countries={countries}
          locale={locale}
          checked={checked}
          onToggle={toggle}
        />
      ))}
    </div>
  );
}

function RegionGroup(props: {
  title: string;
  countries: readonly Country[];
  locale: 'en' | 'ja';
  checked: ReadonlySet<string>;
  onToggle: (codes: readonly string[], on: boolean) => void;
}) {
  const { title, countries, locale, checked, onToggle } = props;
  const codes = countries.map((c) => c.code);
  const on = codes.filter((code) => checked.has(code)).length;
  return (
    <section style={{ marginBottom: 20 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <Checkbox
          checked={on === codes.length}
          indeterminate={on > 0 && on < codes.length}
          onChange={(e) => onToggle(codes, e.target.checked)}
          style={{ marginRight: 8 }}
        />
        {title} <Typography.Text type="secondary">({on}/{codes.length})</Typography.Text>
      </Typography.Title>
      <Row gutter={[12, 6]}>
        {countries.map((country) => (
          <Col key={country.code} span={4}>
            <Checkbox
              checked={checked.has(country.code)}
              onChange={(e) => onToggle([country.code], e.target.checked)}
              aria-label={country[locale]}
              data-testid={`country-${country.code}`}
            />{' '}
            <Link to={`/trademark?region=${country.code}`}>{country[locale]}</Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}
