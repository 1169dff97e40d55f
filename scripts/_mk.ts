import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { writeCorpus } from '../tests/bench/corpus.ts';
const root = process.argv[2]!;
writeCorpus(root, 1000);
for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'node_modules', 'scripts', 'pipeline', 'renderer', 'schemas']) symlinkSync(path.join('/work/main', name), path.join(root, name));
