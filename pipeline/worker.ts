/**
 * A worker thread running one of the pipeline's modules. From TypeScript sources (under tsx)
 * the worker registers tsx's loader before it can import the .ts body; a compiled build would
 * load the worker file directly.
 */
import { Worker } from 'node:worker_threads';

export function startWorker(url: URL, workerData: unknown): Worker {
  return import.meta.url.endsWith('.ts')
    ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true, workerData })
    : new Worker(url, { workerData });
}
