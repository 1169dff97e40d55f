import type { Lang } from '../../schemas/lang.ts';
import type { ToolLink } from '../../schemas/tool-showcase.ts';

export interface ToolCard {
  name: string;
  desc: string;
  logo: string;
  url: string;
  urlText: string;
  logoScale: number;
}

/** Chinese texts and URLs when the path contains zh, English otherwise. */
export function showcaseLang(pathname: string): Lang {
  return /(^|\/)zh(\/|$)/.test(pathname) ? 'zh' : 'en';
}

export function toolCard(tool: ToolLink, lang: Lang): ToolCard {
  const url = lang === 'zh' ? tool.url : (tool.urlEn ?? tool.url);
  let urlText = url;
  try {
    const parsed = new URL(url);
    urlText = parsed.hostname + (parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, ''));
  } catch {
    // keep the URL as written
  }
  return { name: tool.name, desc: lang === 'zh' ? tool.desc : tool.descEn, logo: tool.logo, url, urlText, logoScale: tool.logoScale ?? 1 };
}
