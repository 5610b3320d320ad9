import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignalTexts } from '../../areas/seller-networks/signalColumns';
import { useWatchColumnTexts } from '../../areas/watch-columns/watchColumns';
import type { EcTexts } from './ecFields';

/** The few words the EC value formatters need, in the user's language. */
export function useEcTexts(): EcTexts {
  const { t } = useTranslation('ecRecords');
  const signals = useSignalTexts();
  const watches = useWatchColumnTexts();
  return useMemo(
    () => ({
      yes: t('value.yes'),
      no: t('value.no'),
      aggregateLabel: t('field.aggregate'),
      publishedLabel: t('field.published'),
      priceSortHint: t('list.priceSortHint'),
      ...signals,
      ...watches,
    }),
    [t, signals, watches],
  );
}
