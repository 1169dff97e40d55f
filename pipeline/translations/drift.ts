/**
 * Where a Chinese page has drifted from its English twin: their skeletons (skeleton.ts) compared
 * item by item. Each difference is one message at the Chinese page's place, naming what the
 * English page has there with its own line [translation-drift]. The blocks are aligned as a
 * longest common subsequence, so one missing section is one message, not one per block after it.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { Diagnostics, Place, Severity } from '../diagnostics.ts';
import type { PageSummary, SourceFile } from '../types.ts';
import { codeLineHash, labelsAgree, skeletonOfSource, type SkeletonBlock, type SkeletonLink, type TranslationSkeleton } from './skeleton.ts';

export const DRIFT_RULE = 'translation-drift';

export interface TwinSkeleton {
  file: string;
  skeleton: TranslationSkeleton;
}

type DriftReport = (place: Place, message: string) => void;

/** Compares a page (or fragment) with its English source, reporting every drift at the translation. */
function compareTwins(source: TwinSkeleton, translation: TwinSkeleton, report: DriftReport): void {
  compareBlocks(source, translation, report);
  compareLinks(source, translation, report);
  compareFrontmatter(source, translation, report);
}

const at = (file: string, item: { line: number }) => `${file}:${item.line}`;

function matches(a: SkeletonBlock, b: SkeletonBlock): boolean {
  if (a.kind !== b.kind) return false;
  return a.marked === true || b.marked === true || (a.key === b.key && labelsAgree(a.labels ?? [], b.labels ?? []));
}

function compareBlocks(source: TwinSkeleton, translation: TwinSkeleton, report: DriftReport): void {
  const en = source.skeleton.blocks;
  const zh = translation.skeleton.blocks;
  // lcs[i][j]: length of the longest common subsequence of en[i..] and zh[j..].
  const lcs = Array.from({ length: en.length + 1 }, () => new Uint16Array(zh.length + 1));
  for (let i = en.length - 1; i >= 0; i--) {
    for (let j = zh.length - 1; j >= 0; j--) lcs[i]![j] = matches(en[i]!, zh[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  let missing: SkeletonBlock[] = [];
  let extra: SkeletonBlock[] = [];
  const settle = (next: SkeletonBlock | undefined) => {
    // A block of the same kind on both sides, at the same spot, is one block changed.
    for (const theirs of extra) {
      const index = missing.findIndex((ours) => ours.kind === theirs.kind);
      if (index === -1) {
        if (!theirs.marked) report(theirs, `The ${theirs.label} is not on the English page (${source.file})`);
        continue;
      }
      const [ours] = missing.splice(index, 1);
      report(theirs, changedMessage(ours!, theirs, source.file));
    }
    // What the English page has and the translation lacks: reported where it would stand.
    const where = next ?? zh.at(-1) ?? { line: 1, column: 1 };
    for (const ours of missing) if (!ours.marked) report(where, `Missing the English page's ${ours.label} (${at(source.file, ours)})${next ? ', before this' : ''}`);
    missing = [];
    extra = [];
  };
  let i = 0;
  let j = 0;
  while (i < en.length || j < zh.length) {
    if (i < en.length && j < zh.length && matches(en[i]!, zh[j]!) && lcs[i]![j] === lcs[i + 1]![j + 1]! + 1) {
      settle(zh[j]);
      i++;
      j++;
    } else if (j < zh.length && (i >= en.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      extra.push(zh[j++]!);
    } else {
      missing.push(en[i++]!);
    }
  }
  settle(undefined);
}

function changedMessage(ours: SkeletonBlock, theirs: SkeletonBlock, file: string): string {
  const where = at(file, ours);
  if (ours.kind !== 'code' || !ours.code || !theirs.code) return `The ${theirs.label} differs from the English page's ${ours.label} (${where})`;
  const [oursLang, oursMetas] = ours.key.split('\0');
  const [theirsLang, theirsMetas] = theirs.key.split('\0');
  if (oursLang !== theirsLang) return `The ${theirs.label} has another language than the English page's ${ours.label} (${where})`;
  if (!labelsAgree(ours.labels ?? [], theirs.labels ?? [])) return `The ${theirs.label} has another title than the English page's ${ours.label} (${where})`;
  if (oursMetas !== theirsMetas) return `The ${theirs.label} has other metas (${theirsMetas || 'none'}) than the English page's ${ours.label} (${oursMetas || 'none'}, ${where})`;
  const index = theirs.code.findIndex((_, k) => codeLineHash(ours, k) !== codeLineHash(theirs, k));
  const line = index === -1 ? ours.code.length : index;
  const enLine = ours.code[line] !== undefined ? ours.line + 1 + ours.code[line]! : ours.line;
  const zhLine = theirs.code[line] !== undefined ? theirs.line + 1 + theirs.code[line]! : theirs.line;
  return `The ${theirs.label} differs from the English page's (${where}), comments aside: its line ${zhLine} against the English line ${enLine}`;
}

/** The set of link targets; a changed target in one section is one message. */
function compareLinks(source: TwinSkeleton, translation: TwinSkeleton, report: DriftReport): void {
  const live = (links: SkeletonLink[]) => links.filter((link) => !link.marked);
  const enTargets = new Set(live(source.skeleton.links).map((link) => link.target));
  const zhTargets = new Set(live(translation.skeleton.links).map((link) => link.target));
  const missing = live(source.skeleton.links).filter((link, index, all) => !zhTargets.has(link.target) && all.findIndex((other) => other.target === link.target) === index);
  const extra = live(translation.skeleton.links).filter((link, index, all) => !enTargets.has(link.target) && all.findIndex((other) => other.target === link.target) === index);
  for (const theirs of extra) {
    const index = missing.findIndex((ours) => ours.section === theirs.section);
    if (index === -1) {
      report(theirs, `Links to ${theirs.target}, which the English page (${source.file}) does not link to`);
      continue;
    }
    const [ours] = missing.splice(index, 1);
    report(theirs, `Links to ${theirs.target} where the English page links to ${ours!.target} (${at(source.file, ours!)})`);
  }
  const headings = new Map(translation.skeleton.blocks.filter((block) => block.kind === 'heading').map((block) => [block.key.split('#')[1] ?? '', block]));
  for (const ours of missing) {
    const where = headings.get(ours.section) ?? { line: 1, column: 1 };
    report(where, `Missing the English page's link to ${ours.target} (${at(source.file, ours)})${ours.section ? ` in section #${ours.section}` : ''}`);
  }
}

function compareFrontmatter(source: TwinSkeleton, translation: TwinSkeleton, report: DriftReport): void {
  const en = new Map(source.skeleton.frontmatter.map(([key, value, line]) => [key, { value, line }]));
  const zh = new Map(translation.skeleton.frontmatter.map(([key, value, line]) => [key, { value, line }]));
  for (const [key, ours] of en) {
    const theirs = zh.get(key);
    if (!theirs) report({ line: 1, column: 1 }, `Frontmatter lacks ${key}: ${ours.value} of the English page (${source.file}:${ours.line})`);
    else if (theirs.value !== ours.value) report({ line: theirs.line, column: 1 }, `Frontmatter ${key} is ${theirs.value} where the English page has ${ours.value} (${source.file}:${ours.line})`);
  }
  for (const [key, theirs] of zh) if (!en.has(key)) report({ line: theirs.line, column: 1 }, `Frontmatter ${key}: ${theirs.value} is not on the English page (${source.file})`);
}

/** A page or fragment with its skeleton, in one language. */
export interface SkeletonFile extends TwinSkeleton {
  lang: Lang;
  /** Relative to its language's folder: the twins share it. */
  relPath: string;
}

/** A compiled page with the skeleton its compile read. */
export function compiledSkeletonFile({ summary, source }: { summary: PageSummary; source: Pick<SourceFile, 'file' | 'lang' | 'relPath'> }): SkeletonFile {
  return { file: source.file, lang: source.lang, relPath: source.relPath, skeleton: summary.skeleton };
}

/** A page or fragment read as written (its text read), its skeleton made now. */
export function writtenSkeletonFile(file: Pick<SourceFile, 'file' | 'lang' | 'relPath' | 'source'>): SkeletonFile {
  return { file: file.file, lang: file.lang, relPath: file.relPath, skeleton: skeletonOfSource(file.file, file.source!) };
}

/**
 * What a translation's comparison with its twin reported, by the translation's skeleton: a dev
 * session keeps it while both skeletons are the objects compared then (a page's skeleton is
 * never changed once made), so a save compares only the pairs it touched.
 */
export type DriftMemo = WeakMap<TranslationSkeleton, { source: TranslationSkeleton; sourceFile: string; file: string; reports: Array<[Place, string]> }>;

/**
 * Every translation against its source-language twin. `missing`: whether a file without a twin
 * is reported here too (the build reports pages without one as missing-twin; fragments are only
 * checked here).
 */
export function checkTranslations(files: readonly SkeletonFile[], sourceLang: Lang, diagnostics: Diagnostics, severity: Severity, missing: (file: SkeletonFile) => boolean, memo?: DriftMemo): void {
  const byPath = new Map<string, SkeletonFile[]>();
  for (const file of files) byPath.set(file.relPath, [...(byPath.get(file.relPath) ?? []), file]);
  const langs = [...new Set(files.map((file) => file.lang))];
  for (const twins of byPath.values()) {
    const source = twins.find((file) => file.lang === sourceLang);
    // Each other language's file against the source's (a file only in one language is reported once).
    for (const lang of langs) {
      if (lang === sourceLang) continue;
      const translation = twins.find((file) => file.lang === lang);
      // A translation without a source, or a source without this translation: a path has one of them at least.
      const present = (translation ?? source)!;
      if ((!source || !translation) && missing(present)) {
        diagnostics.report(present.file, { line: 1, column: 1 }, `${present.file} has no ${source ? lang : sourceLang} twin`, DRIFT_RULE, severity);
      }
      if (!source || !translation) continue;
      let held = memo?.get(translation.skeleton);
      if (held?.source !== source.skeleton || held.sourceFile !== source.file || held.file !== translation.file) {
        held = { source: source.skeleton, sourceFile: source.file, file: translation.file, reports: [] };
        const { reports } = held;
        compareTwins(source, translation, (place, message) => reports.push([place, message]));
        memo?.set(translation.skeleton, held);
      }
      for (const [place, message] of held.reports) diagnostics.report(translation.file, place, message, DRIFT_RULE, severity);
    }
  }
}
