import { format } from './utils/format';

export { Button } from './button';
export const label = (text: string) => format(text);
