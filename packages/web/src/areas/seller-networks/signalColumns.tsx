import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterValue } from '../../records/listQuery';
import type { RecordColumn } from '../../records/types';

/**
 * The triage signals' columns in the record lists (issue 19): EC's abnormal-price score and the repeat-offender flag
 * (EC `repeat_offender`, SNS `repeatOffender`). The server adds them to listed records; their filters are fixed
 * choices (a score threshold, the flag), not the column's distinct values.
 */
export const SIGNAL_KEYS: ReadonlySet<string> = new Set(['triage_price_score', 'repeat_offender', 'repeatOffender']);
/** A score from here on is drawn as abnormal. */
export const ABNORMAL_SCORE = 3;

export interface SignalTexts {
  signalLabel: (key: string) => string;
  scoreHint: string;
  scoreAtLeast: (value: number) => string;
  inNetwork: string;
  notInNetwork: string;
}

/** The signal columns' words in the user's language. */
export function useSignalTexts(): SignalTexts {
  const { t } = useTranslation('sellerNetworks');
  return useMemo(() => ({
    signalLabel: (key) => (key === 'triage_price_score' ? t('column.triage_price_score') : t('column.repeat_offender')),
    scoreHint: t('column.scoreHint'),
    scoreAtLeast: (value) => t('filter.scoreAtLeast', { value }),
    inNetwork: t('filter.inNetwork'),
    notInNetwork: t('filter.notInNetwork'),
  }), [t]);
}

export function signalColumn<R extends object>(key: string, texts: SignalTexts): RecordColumn<R> {
  const value = (r: R) => ((r as Record<string, unknown>)[key] ?? null) as FilterValue;
  if (key === 'triage_price_score') {
    return {
      key,
      title: texts.signalLabel(key),
      width: 130,
      tooltip: texts.scoreHint,
      value,
      text: (v) => (typeof v === 'number' ? v.toFixed(1) : ''),
      fixedOptions: [2, 3, 5].map((v) => ({ value: v })),
      optionText: (v) => (typeof v === 'number' ? texts.scoreAtLeast(v) : ''),
      cell: (r) => {
        const score = value(r);
        if (typeof score !== 'number') return '';
        return <span style={score >= ABNORMAL_SCORE ? { color: '#cf1322', fontWeight: 600 } : undefined}>{score.toFixed(1)}</span>;
      },
    };
  }
  return {
    key,
    title: texts.signalLabel(key),
    width: 140,
    value,
    text: (v) => (v === true ? texts.inNetwork : v === false ? texts.notInNetwork : ''),
    fixedOptions: [true, false].map((v) => ({ value: v })),
    cell: (r) =>
      value(r) === true ? (
        <Tag color="red" data-testid="repeat-offender-badge">
          {texts.signalLabel(key)}
        </Tag>
      ) : (
        ''
      ),
  };
}
