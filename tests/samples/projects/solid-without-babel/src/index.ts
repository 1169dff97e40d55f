export { Counter, type CounterProps } from './components/Counter';
