import list from './data/list.json' with { type: 'json' };
import example from './example.json' with { type: 'json' };

export const summary = `${example.name}: ${list.items.length}`;
