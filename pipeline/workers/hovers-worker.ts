/**
 * Worker thread body: the hovers stage (stages/hovers.ts) for the pages it is given, while the
 * pages compile on the main thread; then, its answers sent, the hover texts' declarations
 * highlighted for the main thread (highlightedSignatures), which stops it if it has not finished
 * by the time the pages need them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { highlightedSignatures, sampleHovers, type HoverJob, type HoverJobAnswer, type HoverJobSignatures } from '../stages/hovers.ts';

const { place, sources } = workerData as HoverJob;
const { hovers, work } = await sampleHovers(place, sources);
parentPort!.postMessage({ hovers: [...hovers], work } satisfies HoverJobAnswer);
parentPort!.postMessage({ signatures: await highlightedSignatures(hovers) } satisfies HoverJobSignatures);
