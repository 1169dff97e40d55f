/**
 * get_option: what @rslib/core declares for a name (a config option, an export, a type, a CLI
 * command or flag) and where our pages explain it, from names.json: the declaration as the
 * site's hovers print it, its default, summary and deprecation, the page at the name's heading,
 * and the page's checked samples that use it. All of it was computed by the build from the
 * installed package; nothing here runs TypeScript.
 */
import { z } from 'zod';
import { Lang } from '../../../schemas/lang.ts';
import { NameKind } from '../../../schemas/names.ts';
import { lookUpName } from '../names/lookup.ts';
import { docsTool } from './tool.ts';

const Page = z.object({ url: z.string(), heading: z.string(), summary: z.string() });

export const getOption = docsTool({
  name: 'get_option',
  title: 'Look up an Rslib option, export or CLI flag',
  description:
    'Look up one name of Rslib: a config option (lib.dts, dts.bundle, format, output.target), an export of @rslib/core (defineConfig, loadConfig, RslibConfig), or a CLI command or flag (rslib build, build --watch, -w). Returns its TypeScript declaration from the installed @rslib/core, its default, its summary and any deprecation, the URL of the docs section about it, and the checked code samples of that page that use it. Use search_docs for anything that is not a name.',
  input: {
    name: z.string().trim().min(1).max(200).describe('The name: lib.dts, dts.bundle, output.target, defineConfig, rslib build --watch, --watch'),
    lang: Lang.optional().describe('Language of the page and samples: en (default) or zh'),
  },
  output: {
    name: z.string(),
    kind: NameKind,
    package: z.string().describe('The package and version the declaration was read from'),
    declaration: z.string().nullable().describe('The declaration as the site\'s hovers print it; for a command or flag, its line of `rslib --help`'),
    default: z.string().nullable(),
    summary: z.string().describe('The declaration\'s own documentation, in English'),
    deprecated: z.string().nullable().describe('Why and what instead, when deprecated; null when not'),
    url: z.string().describe('URL of the docs section about the name, in the language asked'),
    page: Page.describe('That section: its URL, heading and the page\'s first sentence about the name'),
    samples: z.array(z.object({ url: z.string(), title: z.string().nullable(), lang: z.string(), code: z.string() })).describe('Checked samples of the page that use the name'),
  },
  async run({ name, lang = 'en' }, bundle) {
    const [names, siteUrl] = await Promise.all([bundle.names(), bundle.siteUrl()]);
    const entry = lookUpName(names.names, name);
    // A page without its Chinese twin is documented in English only.
    const page = (lang === 'zh' ? entry.pages.zh : null) ?? entry.pages.en;
    const samples = (lang === 'zh' && entry.pages.zh ? entry.samples.zh : entry.samples.en).map((sample) => ({ ...sample, url: siteUrl + sample.url }));
    const structured = {
      name: entry.name,
      kind: entry.kind,
      package: `${names.package.name}@${names.package.version}`,
      declaration: entry.declaration,
      default: entry.default,
      summary: entry.summary,
      deprecated: entry.deprecated,
      url: siteUrl + page.url,
      page: { ...page, url: siteUrl + page.url },
      samples,
    };
    const lines = [
      `${entry.name} (${entry.kind}, ${structured.package})`,
      ...(entry.declaration ? ['```ts', entry.declaration, '```'] : []),
      ...(entry.deprecated !== null ? [`Deprecated${entry.deprecated ? `: ${entry.deprecated}` : '.'}`] : []),
      ...(entry.summary ? [entry.summary] : []),
      ...(entry.default !== null ? [`Default: ${entry.default}`] : []),
      `Docs: ${structured.url} (${page.heading})${page.summary ? `: ${page.summary}` : ''}`,
      ...samples.flatMap((sample) => [``, `Sample${sample.title ? ` ${sample.title}` : ''} (${sample.url}):`, '```' + sample.lang, sample.code, '```']),
    ];
    return { structured, text: lines.join('\n') };
  },
});
