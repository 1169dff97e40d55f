/**
 * Stage 6, validate: every emitted record is parsed by its schema. A record the renderer or
 * another tool could not trust never leaves the build.
 */
import type { z } from 'zod';
import { PageRecord } from '../schemas/page.ts';
import type { Diagnostics } from './diagnostics.ts';

export function validate<T extends z.ZodType>(schema: T, value: unknown, file: string, what: string, diagnostics: Diagnostics): z.infer<T> | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues.slice(0, 5)) {
    diagnostics.error(file, { line: 1, column: 1 }, `${what} does not match its schema at ${issue.path.join('.') || '(root)'}: ${issue.message}`, 'schema');
  }
  return null;
}

/** A page record before its body is attached: checked for every record the run writes. */
export const PageRecordWithoutBody = PageRecord.omit({ body: true });
