import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../platform/i18n';
import { categoryName, countryName } from './labels';
import type { Labels } from './options';

/** The names the charts show, in the user's language. */
export function useLabels(): Labels {
  const { t } = useTranslation('dashboards');
  const locale = currentLocale();
  return {
    category: (id) => categoryName(id, locale),
    country: (code) => countryName(code, locale, t('unknownCountry')),
    categorized: t('series.categorized'),
    infringing: t('series.infringing'),
    percent: t('series.percent'),
  };
}
