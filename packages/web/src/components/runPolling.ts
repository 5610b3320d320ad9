import { useEffect, useRef } from 'react';

/**
 * Lists of runs (a watch's, a domain watch's) fetched again every few seconds while one of them runs, and what the
 * run changes fetched again once when it settles.
 */

/** A `refetchInterval` for a list of runs: `ms` while any of them runs, else no polling. */
export function pollWhileRunning<T extends { runs: { status: number }[] }>(isRunning: (status: number) => boolean, ms: number) {
  return (query: { state: { data?: T } }) => (query.state.data?.runs.some((r) => isRunning(r.status)) ? ms : false);
}

/** Calls `settled` once each time `running` turns false after being true (the run's results are there to fetch). */
export function useOnSettled(running: boolean, settled: () => void): void {
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      settled();
    }
  }, [running, settled]);
}
