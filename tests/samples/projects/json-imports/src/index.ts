import config from './config.yaml';
import example, { name } from './example.json';

export const summary = `${name} ${example.name} ${config.title}`;
