/**
 * Reader-facing texts of the code samples' popovers, per language (the app's table lives in
 * renderer/strings.ts; the popover, a lazy part, keeps its own beside it as search does, so that
 * no page's first load carries them).
 */
import type { Lang } from '../../schemas/lang.ts';

export interface CodeHoverStrings {
  /** The labels of a hover text's tags (pipeline/hovers/hover-hast.ts): its default, deprecation and further reading. */
  tags: Record<'default' | 'deprecated' | 'see', string>;
}

export const CODE_HOVER_STRINGS: Record<Lang, CodeHoverStrings> = {
  en: { tags: { default: 'Default:', deprecated: 'Deprecated:', see: 'See:' } },
  zh: { tags: { default: '默认值：', deprecated: '已废弃：', see: '参见：' } },
};
