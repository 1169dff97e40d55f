/**
 * The reader queries of the search bench (search-queries.json): what a reader types, the pages
 * that answer it, its kind (a name as written, a Chinese term half-typed…) and the set it was
 * written for (each set before the ranking of its issue was tuned). Read by the bench, and by
 * tests that compare callers of the engine on the same queries.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export interface ReaderQuery {
  query: string;
  /** A key of the file's `kinds`, or `other` for an entry written as a tuple. */
  kind: string;
  /** Routes without #anchor; any of them in the top 3 is a hit. */
  pages: string[];
  /** The issue whose queries it is (`issue-22`, `issue-55`), or `other`. */
  set: string;
}

const Entry = z.union([
  z.object({ query: z.string().min(1), kind: z.string(), pages: z.array(z.string().startsWith('/')).min(1), set: z.string() }).strict(),
  // The first shape of the file: [query, ...pages].
  z
    .tuple([z.string().min(1)])
    .rest(z.string().startsWith('/'))
    .refine((entry) => entry.length > 1, 'a query needs a page')
    .transform(([query, ...pages]) => ({ query, kind: 'other', pages, set: 'other' })),
]);

const QueryFile = z
  .object({ $comment: z.string().optional(), kinds: z.record(z.string(), z.string()), en: z.array(Entry), zh: z.array(Entry) })
  .strict()
  .superRefine((file, ctx) => {
    for (const lang of ['en', 'zh'] as const) {
      const seen = new Set<string>();
      for (const entry of file[lang]) {
        if (entry.kind !== 'other' && !(entry.kind in file.kinds)) ctx.addIssue({ code: 'custom', message: `${lang} "${entry.query}": unknown kind ${entry.kind}` });
        if (seen.has(entry.query)) ctx.addIssue({ code: 'custom', message: `${lang} "${entry.query}" is listed twice` });
        seen.add(entry.query);
        const foreign = entry.pages.filter((page) => page.startsWith('/zh/') !== (lang === 'zh'));
        if (foreign.length) ctx.addIssue({ code: 'custom', message: `${lang} "${entry.query}": ${foreign.join(', ')} is a page of the other language` });
      }
    }
  });

/** The queries of each language, and what each kind means. */
export function readerQueries(file: URL = new URL('./search-queries.json', import.meta.url)): { kinds: Record<string, string> } & Record<'en' | 'zh', ReaderQuery[]> {
  const parsed = QueryFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { kinds: parsed.kinds, en: parsed.en, zh: parsed.zh };
}
