/**
 * The notice at the top of an outdated translation (translations/status.ts): a warning callout
 * put into its record's body right after the title, in the page's language, linking to the page
 * it translates. A callout, because every page already loads the code that shows one: the notice
 * costs readers no JavaScript. It is the record's alone: the markdown twin and the search records
 * are made from the page as written.
 */
import type { HastElement, HastRoot } from '../../schemas/hast.ts';
import type { Lang } from '../../schemas/lang.ts';
import type { RecordHead } from '../derive/page.ts';

/** What the notice says, in each language a page may be translated into. */
const NOTICE: Record<Lang, { title: string; text: string; link: string }> = {
  en: { title: 'This translation may be out of date', text: 'The source page has changed since this page was translated.', link: 'Read the source page' },
  zh: { title: '本页翻译可能已过时', text: '英文原文在本页翻译之后有过改动。', link: '阅读英文原文' },
};

function translationNotice(lang: Lang, source: string): HastElement {
  const { title, text, link } = NOTICE[lang];
  const anchor: HastElement = { type: 'element', tagName: 'a', properties: { href: source, hrefLang: 'en' }, children: [{ type: 'text', value: link }] };
  return {
    type: 'element',
    tagName: 'callout',
    properties: { type: 'warning', title },
    children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: `${text} ` }, anchor] }],
  };
}

/** The body (JSON) of a record, with the notice after its title when the page is an outdated translation; else as it is. */
export function bodyWithNotice<B extends string | Buffer>(head: RecordHead, body: B): B | string {
  if (head.translationStatus?.state !== 'outdated') return body;
  const root = JSON.parse(body.toString()) as HastRoot;
  const title = root.children.findIndex((child) => child.type === 'element' && child.tagName === 'h1');
  root.children.splice(title + 1, 0, translationNotice(head.lang, head.translationStatus.source));
  return JSON.stringify(root);
}
