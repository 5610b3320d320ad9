import type { CallOutput } from '@portal/contract';

export type Brand = CallOutput<'/api/analyst/fetch-brands'>['brands'][number];
export type Keyword = Brand['keywords'][number];
export type Model = Brand['models'][number];
export type Category = CallOutput<'/api/analyst/fetch-product-categories'>['categories'][number];
export type Column = CallOutput<'/api/analyst/fetch-custom-columns'>['columns'][number];
export type SpecialUrl = CallOutput<'/api/analyst/fetch-special-urls'>['urls'][number];
export type SpecialWord = CallOutput<'/api/analyst/fetch-special-words'>['words'][number];
export type Letter = CallOutput<'/api/analyst/fetch-attorney-letters'>['letters'][number];


export { useMaster } from './useMaster';
