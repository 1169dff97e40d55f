export { add } from './math';
export { greet } from '@/greet';
