import { z } from 'zod';

/** A top navigation entry: a link, or a dropdown of links when `items` is set. */
export interface NavItem {
  text: string;
  link?: string | undefined;
  activeMatch?: string | undefined;
  position: 'left' | 'right';
  tag?: string | undefined;
  items?: NavItem[] | undefined;
}
export const NavItem: z.ZodType<NavItem, any> = z
  .object({
    text: z.string().min(1).describe('Label shown in the bar'),
    link: z.string().optional().describe('Target path (without language prefix) or external URL'),
    activeMatch: z.string().optional().describe('Regular expression; the item is active when it matches the current path'),
    position: z.enum(['left', 'right']).default('right').describe('Side of the bar; right by default'),
    tag: z.string().optional().describe('Small badge next to the label, e.g. new'),
    get items() {
      return z.array(NavItem).optional().describe('Dropdown entries');
    },
  })
  .strict();

/** A social icon in the navigation bar. The first five show inline; more go into an overflow panel. */
export const SocialLink = z
  .object({
    icon: z
      .union([z.enum(['github', 'x', 'discord']), z.object({ svg: z.string() }).strict()])
      .describe('Built-in icon name, or a custom SVG'),
    mode: z.enum(['link', 'text', 'img', 'dom']).default('link').describe('How content is used: link URL, text, image URL, or markup'),
    content: z.string().min(1).describe('The URL (link mode) or the content for the other modes'),
  })
  .strict();
export type SocialLink = z.infer<typeof SocialLink>;
