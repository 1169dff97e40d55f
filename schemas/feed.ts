import { z } from 'zod';

/** A feed a page announces with `<link rel="alternate">` (only the blog post has one per language). */
export const FeedLink = z.object({
  url: z.string().describe('Absolute path of the feed file, e.g. /feeds/blog-en.xml'),
  mime: z.string().describe('Feed MIME type, e.g. application/rss+xml'),
  language: z.string().describe('Feed language tag, e.g. en or zh-CN'),
});
export type FeedLink = z.infer<typeof FeedLink>;
