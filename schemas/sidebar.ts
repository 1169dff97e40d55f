import { z } from 'zod';

/**
 * Sidebar items as authors write them in content/site.json, and as the pipeline resolves them
 * (every link item has its text filled in from the page title) for dist-data/site.json.
 */
export const SidebarLink = z
  .object({
    text: z.string().min(1).optional().describe('Label; defaults to the linked page title'),
    link: z.string().min(1).describe('Route without language prefix'),
    tag: z.string().optional().describe('Small badge, e.g. new or deprecated'),
    context: z.string().optional().describe('Value for a data-context attribute'),
  })
  .strict();

export const SidebarDivider = z
  .object({ dividerType: z.enum(['solid', 'dashed']).describe('Line style of the divider') })
  .strict();

export const SidebarSectionHeader = z
  .object({
    sectionHeaderText: z.string().min(1).describe('Non-clickable header text'),
    tag: z.string().optional(),
  })
  .strict();

export interface SidebarGroupInput {
  text: string;
  link?: string | undefined;
  tag?: string | undefined;
  collapsible: boolean;
  collapsed: boolean;
  items: SidebarItemInput[];
}
export type SidebarItemInput =
  | string
  | z.infer<typeof SidebarLink>
  | z.infer<typeof SidebarDivider>
  | z.infer<typeof SidebarSectionHeader>
  | SidebarGroupInput;

export const SidebarGroup: z.ZodType<SidebarGroupInput, any> = z
  .object({
    text: z.string().min(1).describe('Group title'),
    link: z.string().optional().describe('Optional page the group title links to'),
    tag: z.string().optional(),
    collapsible: z.boolean().default(true).describe('Whether the group can be collapsed'),
    collapsed: z.boolean().default(false).describe('Whether the group starts collapsed (groups start expanded)'),
    get items() {
      return z.array(SidebarItem);
    },
  })
  .strict();

export const SidebarItem: z.ZodType<SidebarItemInput, any> = z.union([
  z.string().min(1).describe('A route; its text comes from the page title'),
  SidebarLink,
  SidebarDivider,
  SidebarSectionHeader,
  SidebarGroup,
]);

/** Sidebars keyed by path prefix, e.g. "/guide/" and "/config/". */
export const SidebarConfig = z.record(z.string().regex(/^\/.*\/$/, 'a path prefix like /guide/'), z.array(SidebarItem));

/* Resolved form, as emitted in dist-data/site.json: every item is an object with its text. */
export const ResolvedSidebarLink = SidebarLink.extend({ text: z.string().min(1) });
export type ResolvedSidebarLink = z.infer<typeof ResolvedSidebarLink>;

export interface ResolvedSidebarGroup {
  text: string;
  link?: string | undefined;
  tag?: string | undefined;
  collapsible: boolean;
  collapsed: boolean;
  items: ResolvedSidebarItem[];
  /** Only in sidebar files of large sidebars: where the group's items are (then `items` is empty). */
  part?: string | undefined;
}
export type ResolvedSidebarItem =
  | ResolvedSidebarLink
  | z.infer<typeof SidebarDivider>
  | z.infer<typeof SidebarSectionHeader>
  | ResolvedSidebarGroup;

export const ResolvedSidebarGroup: z.ZodType<ResolvedSidebarGroup> = z
  .object({
    text: z.string(),
    link: z.string().optional(),
    tag: z.string().optional(),
    collapsible: z.boolean(),
    collapsed: z.boolean(),
    get items() {
      return z.array(ResolvedSidebarItem);
    },
    part: z
      .string()
      .optional()
      .describe('Sidebar files of large sidebars only: data path of the file holding this group\'s items, which are then left out'),
  })
  .strict();

export const ResolvedSidebarItem: z.ZodType<ResolvedSidebarItem> = z.union([
  ResolvedSidebarLink,
  SidebarDivider,
  SidebarSectionHeader,
  ResolvedSidebarGroup,
]);

/** Links in the resolved sidebar carry the full route, language prefix included. */
export const ResolvedSidebar = z.record(z.string(), z.array(ResolvedSidebarItem));
