export { sum } from './sum';

export function sumInWorker(numbers: number[]): Promise<number> {
  const worker = new Worker(new URL('./sum.worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<number>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = (error) => {
      reject(error);
      worker.terminate();
    };
    worker.postMessage(numbers);
  });
}
