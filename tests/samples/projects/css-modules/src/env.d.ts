// With namedExport, a CSS Module has no default export: declare its class names as named exports
declare module '*.module.css' {
  export const card: string;
  export const cardTitle: string;
}
