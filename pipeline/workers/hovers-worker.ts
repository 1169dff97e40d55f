/** Worker thread body: the hovers stage (stages/hovers.ts) for the pages it is given, while the pages compile on the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { sampleHovers, type HoverJob, type HoverJobAnswer } from '../stages/hovers.ts';

const { place, sources } = workerData as HoverJob;
const { hovers, work } = await sampleHovers(place, sources);
parentPort!.postMessage({ hovers: [...hovers], work } satisfies HoverJobAnswer);
