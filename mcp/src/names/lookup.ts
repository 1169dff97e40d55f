/**
 * Finds the documented name a reader means (names.json, schemas/names.ts): `lib.dts`, `dts`,
 * `DTS.bundle`, `defineConfig`, `rslib build --watch`, `build --watch`, `--watch`, `-w`. Tried
 * from the strictest reading to the loosest, and the first that finds anything wins, so that a
 * loose reading never shadows an exact one: the name or an alias as written; the same in any
 * case; then both without the prefixes readers drop (`lib.` of a lib option, `rslib ` of a
 * command); then a flag alone (`--watch`) among the flags of every command.
 */
import type { DocumentedName } from '../../../schemas/names.ts';
import { closest } from '../closest.ts';
import { ToolError } from '../errors.ts';

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const bare = (text: string) => normal(text).replace(/^rslib /, '').replace(/^lib\./, '');

/** Every spelling of an entry: its name and aliases. */
const spellings = (entry: DocumentedName) => [entry.name, ...entry.aliases];

type Reading = (asked: string, entry: DocumentedName) => boolean;

const READINGS: Reading[] = [
  (asked, entry) => spellings(entry).includes(asked.trim()),
  (asked, entry) => spellings(entry).some((s) => normal(s) === normal(asked)),
  (asked, entry) => spellings(entry).some((s) => bare(s) === bare(asked)),
  (asked, entry) => entry.kind === 'flag' && normal(asked).startsWith('-') && spellings(entry).some((s) => normal(s).split(' ').includes(normal(asked))),
];

/** The one entry `asked` names; a ToolError naming the closest names when none or several do. */
export function lookUpName(names: readonly DocumentedName[], asked: string): DocumentedName {
  for (const reads of READINGS) {
    const found = names.filter((entry) => reads(asked, entry));
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      // Several by alias, one by its own name: the name wins (`format` is lib.format's, not an alias elsewhere).
      const byName = found.filter((entry) => normal(entry.name) === normal(asked) || bare(entry.name) === bare(asked));
      if (byName.length === 1) return byName[0]!;
      throw new ToolError(`"${asked}" names several things: ${found.map((entry) => entry.name).join(', ')}. Ask for one of them by its full name.`);
    }
  }
  const near = closest(bare(asked), names.flatMap((entry) => [entry.name]), 3);
  throw new ToolError(`No documented option, export or command is named "${asked}". The closest: ${near.join(', ')}. search_docs finds anything else.`);
}
