/**
 * Worker thread body: TypeScript asked about the samples it is given (stages/hovers.ts), while
 * the pages compile on the main thread. It imports nothing of the pipeline but the hovers' own
 * modules: the sooner it starts TypeScript's server, the sooner the answers come.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { quickInfoOf } from '../hovers/quick-info.ts';
import type { HoverJob, HoverJobAnswer } from '../stages/hovers.ts';

const { code, samples } = workerData as HoverJob;
parentPort!.postMessage([...(await quickInfoOf(code, new Map(samples)))] satisfies HoverJobAnswer);
