/** Which record kind a benchmark measures: BENCH_KIND=ec (the default), ws or sns. */
export type BenchKind = 'ec' | 'ws' | 'sns';

export function benchKind(): BenchKind {
  const name = process.env.BENCH_KIND ?? 'ec';
  if (name !== 'ec' && name !== 'ws' && name !== 'sns') throw new Error(`BENCH_KIND=${name}: ec, ws or sns`);
  return name;
}
