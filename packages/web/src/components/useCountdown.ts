import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left until `endAt`; computed from the clock so a throttled background tab still ends on time. */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(0);
  const endAt = useRef(0);
  const running = left > 0;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setLeft(Math.max(0, Math.ceil((endAt.current - Date.now()) / 1000))), 250);
    return () => clearInterval(id);
  }, [running]);

  const start = useCallback(() => {
    endAt.current = Date.now() + seconds * 1000;
    setLeft(seconds);
  }, [seconds]);
  const reset = useCallback(() => setLeft(0), []);

  return { left, start, reset };
}

export type Countdown = ReturnType<typeof useCountdown>;
