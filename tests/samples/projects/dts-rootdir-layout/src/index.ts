export { add } from './utils/math';
