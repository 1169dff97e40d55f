declare module '*.wasm' {
  export const add: (a: number, b: number) => number;
}
