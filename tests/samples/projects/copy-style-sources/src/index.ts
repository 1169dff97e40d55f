export { buttonClass } from './button';
