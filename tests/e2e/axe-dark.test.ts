/** axe-core on every route in the dark theme (see axe-sweeps.ts). */
import { axeSweeps } from './axe-sweeps.ts';
import { useBrowser } from './helpers.ts';

axeSweeps('dark', useBrowser());
