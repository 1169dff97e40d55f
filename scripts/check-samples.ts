/**
 * `npm run check:samples`: proves what the pages show against the installed @rslib/core.
 * - every config sample of every page, en and zh, is type-checked (scripts/check-samples/typecheck.ts);
 * - every `rslib …` command line is checked against `rslib -h`, and the CLI page names every option
 *   it lists (cli-help.ts);
 * - every example project is built with the real `rslib build` and its outputs asserted, and every
 *   page block tied to a project (`example="name"`) must be that project's file (examples.ts);
 * - every link of @rslib/core's type declarations into these docs lands on a page and heading, and
 *   every option default they declare is what the option's **Default:** line says (package-docs.ts);
 * - every export of @rslib/core, method of its instance, field of createRslib's options, config key
 *   and `rslib` command is documented, in both languages, where readers look for it (coverage.ts).
 * Problems print as `file:line:col  error  message  [rule]`, all at once; exit code 1 on any.
 *
 * Usage: tsx scripts/check-samples.ts [--content DIR] [--projects DIR] [--no-build]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectSamples, type PageSamples, type Problem } from './check-samples/collect.ts';
import { LANGS } from '../pipeline/routes.ts';
import { checkCliPage, checkCommandLine, readCliSpec } from './check-samples/cli-help.ts';
import { checkCoverage, type CoverageReport } from './check-samples/coverage.ts';
import { buildExample, checkExampleLinks, inParallel, readExamples } from './check-samples/examples.ts';
import { checkPackageDocs } from './check-samples/package-docs.ts';
import { typecheckSamples } from './check-samples/typecheck.ts';

export interface CheckReport {
  problems: Problem[];
  configSamples: number;
  skipped: Array<{ place: string; reason: string }>;
  commandLines: number;
  examplesBuilt: number;
  exampleLines: string[];
  /** Links of the package's declarations into the docs, and option defaults, checked (0 without `declarations`). */
  packageLinks: number;
  packageDefaults: number;
  /** What the coverage check counted (null without `packageEntry`). */
  coverage: Omit<CoverageReport, 'problems'> | null;
}

export interface CheckOptions {
  root: string;
  contentDir: string;
  projectsDir: string;
  build: boolean;
  /** A type declaration file whose doc comments the pages must agree with (package-docs.ts); none: not checked. */
  declarations?: string;
  /** The CLI reference (a page's path under each language's folder), which must name every option `rslib -h` lists; none: not checked. */
  cliPage?: string;
  /** The package's declaration entry (its index.d.ts), whose every export, instance method, option and command the pages must document (coverage.ts); none: not checked. */
  packageEntry?: string;
}

function pagesOf(contentDir: string): string[] {
  return (readdirSync(contentDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.md') && /^(en|zh)[\\/]/.test(file))
    .map((file) => path.join(contentDir, file))
    .sort();
}

function routeOf(contentDir: string, file: string): string {
  const relative = path.relative(contentDir, file).split(path.sep).join('/');
  const [lang, ...rest] = relative.replace(/\.md$/, '').replace(/(^|\/)index$/, '$1').split('/');
  return `${lang === 'zh' ? '/zh' : ''}/${rest.join('/')}`;
}

export async function checkSamples(options: CheckOptions): Promise<CheckReport> {
  const { root, contentDir, projectsDir } = options;
  const pages = pagesOf(contentDir);
  const found: PageSamples = { samples: [], commands: [], examples: [], problems: [] };
  for (const file of pages) {
    // Places read `content/en/…` whichever folder holds the pages.
    const one = collectSamples(path.relative(path.dirname(contentDir), file), readFileSync(file, 'utf8'));
    for (const key of Object.keys(found) as Array<keyof PageSamples>) (found[key] as unknown[]).push(...one[key]);
  }
  const problems: Problem[] = [...found.problems];
  const examples = readExamples(projectsDir);
  const routes = new Set(pages.map((file) => routeOf(contentDir, file)));
  for (const example of examples) {
    for (const page of example.expect.pages) {
      if (!routes.has(page)) problems.push({ file: path.relative(root, path.join(example.dir, 'expect.json')), line: 1, column: 1, message: `Names the page ${page}, which does not exist`, rule: 'sample-example' });
    }
  }
  problems.push(...checkExampleLinks(found.examples, examples));

  const packageDocs = options.declarations ? checkPackageDocs(options.declarations, contentDir, root) : { problems: [], links: 0, defaults: 0 };
  problems.push(...packageDocs.problems);

  const spec = readCliSpec(root);
  for (const line of found.commands) problems.push(...checkCommandLine(spec, line));
  for (const lang of options.cliPage ? LANGS : []) problems.push(...checkCliPage(spec, path.join(contentDir, lang, options.cliPage!), root));
  const coverage = options.packageEntry ? checkCoverage(options.packageEntry, [...spec.commands.keys()], contentDir, root) : null;
  if (coverage) problems.push(...coverage.problems);

  const [types, built] = await Promise.all([
    typecheckSamples(root, found.samples),
    options.build ? inParallel(examples, 2, (example) => buildExample(root, example, path.join(root, '.cache/check-samples'))) : Promise.resolve([]),
  ]);
  problems.push(...types.problems);
  const exampleLines: string[] = [];
  built.forEach((failures, i) => {
    const example = examples[i]!;
    const where = path.relative(root, path.join(example.dir, 'expect.json'));
    exampleLines.push(`  ${failures.length ? '✗' : '✓'} ${example.name}: ${example.expect.proves} (${example.expect.pages.join(', ')})`);
    for (const failure of failures) problems.push({ file: where, line: 1, column: 1, message: `Example project ${example.name}: ${failure}`, rule: 'sample-build' });
  });
  return {
    problems,
    configSamples: types.checked,
    skipped: types.skipped.map((s) => ({ place: `${s.file}:${s.line}`, reason: s.reason ?? '' })),
    commandLines: found.commands.length,
    examplesBuilt: built.length,
    exampleLines,
    packageLinks: packageDocs.links,
    packageDefaults: packageDocs.defaults,
    coverage: coverage && { counts: coverage.counts, undocumented: coverage.undocumented },
  };
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column}  error  ${problem.message}  [${problem.rule}]`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { content: { type: 'string' }, projects: { type: 'string' }, 'no-build': { type: 'boolean' } } });
  const root = path.resolve(import.meta.dirname, '..');
  const started = performance.now();
  const report = await checkSamples({
    root,
    contentDir: path.resolve(values.content ?? path.join(root, 'content')),
    projectsDir: path.resolve(values.projects ?? path.join(root, 'tests/samples/projects')),
    build: !values['no-build'],
    declarations: path.join(root, 'node_modules/@rslib/core/dist-types/types/config.d.ts'),
    cliPage: 'guide/basic/cli.md',
    packageEntry: path.join(root, 'node_modules/@rslib/core/dist-types/index.d.ts'),
  });
  if (report.exampleLines.length) console.log(`Example projects:\n${report.exampleLines.join('\n')}`);
  for (const skip of report.skipped) console.log(`  skipped ${skip.place}: ${skip.reason}`);
  for (const problem of report.problems) console.error(formatProblem(problem));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { counts, undocumented } = report.coverage!;
  const coverage = `${counts.exports} exports, ${counts['instance methods']} instance methods, ${counts['CreateRslibOptions fields']} CreateRslibOptions fields, ${counts['config keys']} config keys and ${counts.commands} commands of @rslib/core looked up in en and zh, ${undocumented} undocumented`;
  console.log(`check:samples: ${report.configSamples} config samples type-checked, ${report.examplesBuilt} example projects built, ${report.commandLines} CLI lines checked, ${report.packageLinks} links and ${report.packageDefaults} defaults of @rslib/core's declarations checked, ${coverage}, ${report.skipped.length} skipped, ${report.problems.length} failed (${seconds} s)`);
  process.exitCode = report.problems.length ? 1 : 0;
}
