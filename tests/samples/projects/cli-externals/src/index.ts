import { greeting } from './greeting.js';
import { shared } from 'shared-dep';
import { cliOnly } from 'cli-only-dep';

export const message = `${greeting}, ${shared}, ${cliOnly}`;
