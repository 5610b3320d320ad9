import type { CallOutput } from '@portal/contract';

export type Brand = CallOutput<'/api/analyst/fetch-brands'>['brands'][number];
export type Keyword = Brand['keywords'][number];
export type Model = Brand['models'][number];
export type Category = CallOutput<'/api/analyst/fetch-product-categories'>['categories'][number];
export type Column = CallOutput<'/api/analyst/fetch-custom-columns'>['columns'][number];
export type SpecialUrl = CallOutput<'/api/analyst/fetch-special-urls'>['urls'][number];
export type SpecialWord = CallOutput<'/api/analyst/fetch-special-words'>['words'][number];
export type Letter = CallOutput<'/api/analyst/fetch-attorney-letters'>['letters'][number];

/** The query keys of a client's data settings; every master is its own collection. */
export const settingsKeys = {
  all: ['client-settings'] as const,
  brands: (clientId: number) => ['client-settings', clientId, 'brands'] as const,
  categories: (clientId: number) => ['client-settings', clientId, 'categories'] as const,
  columns: (clientId: number) => ['client-settings', clientId, 'columns'] as const,
  urls: (clientId: number, type: 1 | 2) => ['client-settings', clientId, 'urls', type] as const,
  words: (clientId: number, type: 1 | 2) => ['client-settings', clientId, 'words', type] as const,
  letters: (clientId: number) => ['client-settings', clientId, 'letters'] as const,
  trademark: (clientId: number) => ['client-settings', clientId, 'trademark-countries'] as const,
  impact: (clientId: number) => ['client-settings', clientId, 'impact'] as const,
  recheck: (clientId: number) => ['client-settings', clientId, 'recheck'] as const,
};

export { useMaster } from '../../components/useMaster';
