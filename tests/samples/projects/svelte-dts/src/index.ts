export { default as Counter } from './Counter.svelte';
