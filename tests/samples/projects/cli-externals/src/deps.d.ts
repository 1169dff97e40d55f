declare module 'shared-dep' {
  export const shared: string;
}
declare module 'cli-only-dep' {
  export const cliOnly: string;
}
