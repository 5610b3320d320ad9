// The upload worker's entry: the server runs its TypeScript through tsx, whose loader a worker thread does not
// inherit on Node 20, so the worker registers it before importing the real entry (upload-worker.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
