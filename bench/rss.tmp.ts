import { startTestPortal } from '@portal/server/testing';
const mb = (n: number) => Math.round(n / 1048576);
const m0 = process.memoryUsage(); console.log('start', mb(m0.rss), mb(m0.heapUsed));
const tp = await startTestPortal({ checkAnswers: false });
const m1 = process.memoryUsage(); console.log('portal', mb(m1.rss), 'heap', mb(m1.heapUsed), 'total', mb(m1.heapTotal), 'ext', mb(m1.external), 'ab', mb(m1.arrayBuffers));
(global as any).gc?.();
await new Promise((r) => setTimeout(r, 2000));
const m2 = process.memoryUsage(); console.log('after gc', mb(m2.rss), 'heap', mb(m2.heapUsed), 'total', mb(m2.heapTotal));
await tp.close();
