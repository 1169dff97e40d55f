/// <reference types="@rslib/core/types" />

declare module '*.glb' {
  const url: string;
  export default url;
}
