import { useState } from 'react';

/** The countries checked in one chart's filter: all of them until the user unchecks some, and again after a new search. */
export function useCountrySelection(countries: readonly string[]): [string[], (next: string[]) => void] {
  const key = countries.join(',');
  const [chosen, setChosen] = useState<{ key: string; value: string[] }>({ key, value: [...countries] });
  const value = chosen.key === key ? chosen.value : [...countries];
  return [value, (next) => setChosen({ key, value: next })];
}
