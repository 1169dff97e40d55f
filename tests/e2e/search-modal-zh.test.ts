/** The search modal in Chinese (see search-modal-suite.ts). */
import { useBrowser } from './helpers.ts';
import { modalSuite } from './search-modal-suite.ts';

modalSuite('zh', useBrowser());
