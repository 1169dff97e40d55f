import { foo } from './foo';

if (foo !== 21) throw new Error('foo changed');
