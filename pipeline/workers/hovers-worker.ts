/**
 * Worker thread body: TypeScript asked about the samples it is given (stages/hovers.ts), while
 * the pages compile on the main thread. It imports nothing of the pipeline but the hovers' own
 * modules: the sooner it starts TypeScript's server, the sooner the answers come.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { quickInfoOf } from '../hovers/quick-info.ts';
import type { HoverJob, HoverJobMessage } from '../stages/hovers.ts';

const { code, samples } = workerData as HoverJob;
// Each batch as soon as it is known: the pages that wait for it go on (stages/compile.ts).
await quickInfoOf(code, new Map(samples), (answers) => parentPort!.postMessage({ answers: [...answers] } satisfies HoverJobMessage));
parentPort!.postMessage({ done: true } satisfies HoverJobMessage);
