import { z } from 'zod';

/**
 * A compact HAST tree: the page body as the pipeline produced it, without positions or
 * comments. Element properties are plain JSON values; `className` is always an array.
 * Custom elements (`callout`, `tabs`, `tab`, `code-block`, `overview`) are mapped to components by the
 * renderer's tag table; everything else is ordinary HTML.
 */
export const HastText = z.object({
  type: z.literal('text'),
  value: z.string(),
});
export type HastText = z.infer<typeof HastText>;

export const HastPropertyValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number()])),
]);

export interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, z.infer<typeof HastPropertyValue>>;
  children: HastChild[];
}
export type HastChild = HastElement | HastText;
export interface HastRoot {
  type: 'root';
  children: HastChild[];
}

export const HastElement = z.object({
  type: z.literal('element'),
  tagName: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case tag name'),
  properties: z.record(z.string(), HastPropertyValue),
  get children() {
    return z.array(HastChild);
  },
});

// Picked by `type`: a plain union tried the element schema first on every text node.
export const HastChild: z.ZodType<HastChild> = z.discriminatedUnion('type', [HastElement, HastText]);

export const HastRoot = z
  .object({
    type: z.literal('root'),
    children: z.array(HastChild),
  })
  .describe('Page body as a HAST root without positions');
