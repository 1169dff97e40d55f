/** axe-core on every route in the light theme (see axe-sweeps.ts). */
import { axeSweeps } from './axe-sweeps.ts';
import { useBrowser } from './helpers.ts';

axeSweeps('light', useBrowser());
