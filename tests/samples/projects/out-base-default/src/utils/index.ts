export * from './foo';
export * from './bar';
