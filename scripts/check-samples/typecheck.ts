/**
 * Type-checks every config sample against the installed @rslib/core in one run of TypeScript 7
 * (its native compiler has no JavaScript API, so the samples are written as files of one project
 * and `tsc` runs once). The project lives under node_modules/.cache so that `@rslib/core` and the
 * Rsbuild plugins resolve from the repository's own node_modules.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
// How a sample becomes a file is shared with the hovers stage, so both place a problem alike.
import { sampleCompilerOptions, sampleTypeMessage, wrapSample } from '../../pipeline/hovers/sample.ts';
import type { ConfigSample, Problem } from './collect.ts';

export interface TypecheckResult {
  checked: number;
  skipped: ConfigSample[];
  problems: Problem[];
}

/** Bare imports of packages that are not installed become `any` (the sample is checked, its plugin is not). */
function ambientModules(samples: ConfigSample[], root: string): string[] {
  const names = new Set<string>();
  for (const sample of samples) {
    for (const match of sample.code.matchAll(/from\s+['"]([^'".][^'"]*)['"]/g)) {
      const specifier = match[1]!;
      if (specifier.startsWith('node:')) continue;
      const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      if (!existsSync(path.join(root, 'node_modules', pkg, 'package.json'))) names.add(specifier);
    }
  }
  return [...names].sort().map((name) => `declare module '${name}';`);
}

export async function typecheckSamples(root: string, samples: ConfigSample[]): Promise<TypecheckResult> {
  const base = path.join(root, 'node_modules/.cache/check-samples');
  mkdirSync(base, { recursive: true });
  // A folder of its own per run: the test suite checks fixture pages while a real run may be going.
  const dir = mkdtempSync(path.join(base, 'types-'));
  const skipped = samples.filter((s) => s.mode === 'skip');
  const checked = samples.filter((s) => s.mode !== 'skip');
  const byFile = new Map<string, { sample: ConfigSample; offset: number }>();
  let output: string;
  // Removed however the run ends: a sample that cannot be written or a tsc that fails to start
  // would otherwise leave its folder behind.
  try {
    checked.forEach((sample, i) => {
      const wrapped = wrapSample(sample);
      const name = `sample-${String(i).padStart(4, '0')}.${wrapped.extension}`;
      writeFileSync(path.join(dir, name), wrapped.text);
      byFile.set(name, { sample, offset: wrapped.offset });
    });
    writeFileSync(path.join(dir, 'ambient.d.ts'), `${ambientModules(checked, root).join('\n')}\n`);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: sampleCompilerOptions(root),
        include: ['*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs', '*.jsx'],
      }),
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    output = await promisify(execFile)(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const problems: Problem[] = [];
  for (const { name, line, column, code, message } of parseDiagnostics(output)) {
    const hit = byFile.get(name);
    if (!hit) {
      problems.push({ file: 'check-samples', line: 0, column: 0, message: `${name}: ${code} ${message}`, rule: 'sample-type' });
      continue;
    }
    const { sample, offset } = hit;
    const inBlock = Math.max(line - offset, 1);
    problems.push({ file: sample.file, line: sample.line + inBlock - 1, column, message: sampleTypeMessage(sample.title, `${code} ${message}`), rule: 'sample-type' });
  }
  return { checked: checked.length, skipped, problems };
}

interface Diagnostic {
  name: string;
  line: number;
  column: number;
  code: string;
  message: string;
  detail?: string;
}

/**
 * `tsc --pretty false` diagnostics: `file(line,col): error TS1234: message`, then indented lines
 * that elaborate it. The innermost one says what is wrong ("'formatt' does not exist in type
 * 'LibConfig'") where the first only says "No overload matches this call", so both are kept.
 */
export function parseDiagnostics(output: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const text of output.split('\n')) {
    const head = /^(?:.*[\\/])?([^\\/(]+)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(text.trim());
    if (head) {
      found.push({ name: head[1]!, line: Number(head[2]), column: Number(head[3]), code: head[4]!, message: head[5]!.trim() });
      continue;
    }
    const last = found.at(-1);
    if (last && /^\s/.test(text) && text.trim()) last.detail = text.trim();
  }
  return found.map(({ detail, ...d }) => ({ ...d, message: detail ? `${d.message} ${detail}` : d.message }));
}
