export { add } from './add';
