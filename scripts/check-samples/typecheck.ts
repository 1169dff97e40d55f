/**
 * Type-checks every config sample against the installed @rslib/core in one run of TypeScript 7:
 * the samples are written as the files of one project (hovers/sample-project.ts, shared with the
 * hovers stage, which asks TypeScript's language server about the same files) and `tsc` runs once.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
// How a sample becomes a file is shared with the hovers stage, so both place a problem alike.
import { sampleTypeMessage } from '../../pipeline/hovers/sample.ts';
import { writeSampleProject } from '../../pipeline/hovers/sample-project.ts';
import type { ConfigSample, Problem } from './collect.ts';

export interface TypecheckResult {
  checked: number;
  skipped: ConfigSample[];
  problems: Problem[];
}

export async function typecheckSamples(root: string, samples: ConfigSample[]): Promise<TypecheckResult> {
  const skipped = samples.filter((s) => s.mode === 'skip');
  const checked = samples.filter((s) => s.mode !== 'skip');
  const names = checked.map((_, i) => `sample-${String(i).padStart(4, '0')}`);
  const project = writeSampleProject(root, 'check-samples', checked.map((sample, i) => [names[i]!, sample] as const));
  const byFile = new Map(checked.map((sample, i) => [path.basename(project.files[i]!.file), { sample, offset: project.files[i]!.offset }]));
  let output: string;
  // Removed however the run ends: a tsc that fails to start would otherwise leave the folder behind.
  try {
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    output = await promisify(execFile)(process.execPath, [tsc, '-p', project.dir, '--pretty', 'false'], { cwd: project.dir, maxBuffer: 64 * 1024 * 1024 }).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
  } finally {
    project.remove();
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
