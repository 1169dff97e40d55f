import { foo } from './foo';

export const double = (): number => foo * 2;
