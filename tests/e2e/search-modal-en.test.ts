/** The search modal in English (see search-modal-suite.ts). */
import { useBrowser } from './helpers.ts';
import { modalSuite } from './search-modal-suite.ts';

modalSuite('en', useBrowser());
