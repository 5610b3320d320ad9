/**
 * At most `concurrency` tasks at once and at most `perSecond` started per second, in the order asked. Resolution
 * runs through one of these per run so a watch of 50,000 look-alikes does not flood the resolvers (issue 32 point 2).
 */
export function pace(concurrency: number, perSecond: number) {
  const gap = 1000 / perSecond;
  let running = 0;
  let nextStart = 0;
  /** Starts go through one chain, so a task whose time comes cannot overtake one still waiting for its own. */
  let gate: Promise<void> = Promise.resolve();
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the first waiter, so a late caller cannot jump the queue.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((go) => waiting.push(go));
    else running++;
    gate = gate.then(async () => {
      const now = Date.now();
      const at = Math.max(now, nextStart);
      nextStart = at + gap;
      if (at > now) await new Promise((go) => setTimeout(go, at - now));
    });
    await gate;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
