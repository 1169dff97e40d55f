import { format } from './format';

if (format('a') !== '[a]') throw new Error('format is broken');
