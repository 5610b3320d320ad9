import { SNS_CATEGORIES, SNS_PLATFORMS, WS_SITE_CATEGORIES, type CallPath, type TriageKind } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../platform/calls';

/** What a rule change leaves stale (issue 19): the rules and every suggestion made by them. */
export const TRIAGE_READS = ['/api/triage/fetch-rules', '/api/triage/fetch-suggestions'] as const satisfies readonly CallPath[];

export interface Option {
  value: number;
  label: string;
}

const codeOptions = (codes: Record<number, { en: string; ja: string }>, ja: boolean): Option[] =>
  Object.entries(codes).map(([code, names]) => ({ value: Number(code), label: ja ? names.ja : names.en }));

/** The categories a rule of a kind may suggest: EC's infringement subcategories, WS's and SNS's own codes. */
export function useCategoryOptions(kind: TriageKind): Option[] {
  const { i18n } = useTranslation();
  const ja = i18n.language === 'ja';
  const ec = useCall('/api/analyst/fetch-infringement-categories', {}, { select: (answer) => answer.categories, staleTime: 5 * 60_000, enabled: kind === 'ec' });
  if (kind === 'ws') return codeOptions(WS_SITE_CATEGORIES, ja);
  if (kind === 'sns') return codeOptions(SNS_CATEGORIES, ja);
  return (ec.data ?? []).flatMap((c) => c.subcategories.map((s) => ({ value: s.id, label: `${ja ? c.name : c.name_en} / ${ja ? s.name : s.name_en}` })));
}

/** SNS rules name platforms by their code (as the records keep them). */
export function snsPlatformOptions(ja: boolean) {
  return Object.entries(SNS_PLATFORMS).map(([code, names]) => ({ value: code, label: ja ? names.ja : names.en }));
}

export const categoryLabel = (options: Option[], id: number | null) => (id === null ? '' : (options.find((o) => o.value === id)?.label ?? `#${id}`));
