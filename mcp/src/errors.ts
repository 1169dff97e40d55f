/**
 * The two kinds of failure a request can meet, both told to the client as a tool error (or a
 * resource error) in one sentence, never as a stack trace:
 * - ToolError: the request asked for something that is not there or not allowed (an unknown
 *   page, a path out of the bundle); the message says what to ask instead;
 * - BundleError: the data bundle itself is wrong (a missing file, an unknown schemaVersion, a
 *   record failing its JSON Schema); the message names the file.
 */
export class ToolError extends Error {
  override name = 'ToolError';
}

export class BundleError extends Error {
  override name = 'BundleError';
  constructor(
    /** The file of the bundle, as its path in dist-data/ (`pages/en/guide/start/index.json`). */
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

/**
 * What a client is told about any error: the message of ours, or for anything unexpected
 * (a bug, a fetch that failed in a way we did not foresee) its message alone, first line only,
 * so that no stack or internal detail leaves the process.
 */
export function publicMessage(error: unknown): string {
  if (error instanceof ToolError || error instanceof BundleError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `Internal error: ${message.split('\n')[0]!.slice(0, 300)}`;
}
