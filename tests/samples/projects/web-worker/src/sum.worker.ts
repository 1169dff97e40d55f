import { sum } from './sum';

self.onmessage = (event: MessageEvent<number[]>) => {
  self.postMessage(sum(event.data));
};
