// The upload worker's entry. Run from TypeScript (npm run dev, tests), the worker registers tsx before importing the
// real entry (upload-worker.ts): vitest's workers have no loader for a worker thread to inherit. The compiled
// server (npm start: dist/, upload-worker.js) needs none.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) (await import('tsx/esm/api')).register();
await import(workerData.entry);
