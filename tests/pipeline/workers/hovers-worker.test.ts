/** The hovers stage's worker thread: its answers, then the hover texts' declarations highlighted as the main thread highlights them. */
import type { Element } from 'hast';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHighlighter, highlightTypeScript } from '../../../pipeline/compile/highlight.ts';
import type { SampleHovers } from '../../../pipeline/hovers/quick-info.ts';
import type { HoverJob, HoverJobAnswer, HoverJobSignatures } from '../../../pipeline/stages/hovers.ts';
import { startWorker } from '../../../pipeline/workers/worker.ts';
import { tempDir } from '../../temp-dir.ts';

const page = `# Page

\`\`\`ts title="rslib.config.ts"
import { defineConfig } from '@rslib/core';

export default defineConfig({ lib: [{ format: 'esm', syntax: 'es2021' }] });
\`\`\`
`;

describe('hovers worker', () => {
  it('sends its answers, then the declarations of their texts highlighted as the main thread would', async () => {
    const job: HoverJob = { place: { code: path.resolve(import.meta.dirname, '../../..'), cache: tempDir('rslib-docs-hovers-worker-'), codeVersion: 'test', noCache: true }, sources: [page] };
    const worker = startWorker(new URL('../../../pipeline/workers/hovers-worker.ts', import.meta.url), job);
    const messages: Array<HoverJobAnswer | HoverJobSignatures> = [];
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: HoverJobAnswer | HoverJobSignatures) => messages.push(message) === 2 && resolve());
      worker.once('error', reject);
    });
    const [answer, highlighted] = messages as [HoverJobAnswer, HoverJobSignatures];
    const infos = answer.hovers.flatMap(([, hovers]: [string, SampleHovers]) => hovers.infos);
    expect(infos.map((info) => info.signature)).toContain('(property) LibConfig.format?: Format | undefined');
    // Every declaration once, each as this thread's highlighter makes it.
    const signatures = new Map<string, Element>(highlighted.signatures);
    expect([...signatures.keys()].sort()).toEqual([...new Set(infos.map((info) => info.signature))].sort());
    const highlighter = await createHighlighter(['typescript']);
    for (const [signature, pre] of signatures) expect(pre).toEqual(highlightTypeScript(highlighter, signature));
  });
});
