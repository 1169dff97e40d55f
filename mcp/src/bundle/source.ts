/** Where a data bundle's files come from: a local dist-data/ folder or a published site. */
export interface BundleSource {
  /** The folder or URL, for messages. */
  readonly location: string;
  /**
   * The site URL the pages' links should use: the published site's own for a URL source (so
   * that a test server's links stay on it), null for a folder (site.json's `url` then).
   */
  readonly siteUrl: string | null;
  /** The text of a file by its path in dist-data/; a BundleError naming the file when it is missing. */
  readText(file: string): Promise<string>;
}
