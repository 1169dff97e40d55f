/**
 * axe-core finds what it must: pages broken on purpose, hydrated and prerendered with scripts off
 * (written into the document as the sweeps of axe-sweeps.ts write every route but the first), and
 * the search dialog's saved-search buttons put where axe must object. The sweeps of every route
 * run from axe-light.test.ts and axe-dark.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, ruleIds } from './axe.ts';
import { scriptsOff, writeDocument } from './axe-sweeps.ts';
import { hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

describe('axe-core', () => {
  it('finds what a page made to break it breaks, hydrated and prerendered', async () => {
    // Hydrated: a button loses its name, a text its contrast, the sidebar's nav its own name.
    const { page, context } = await open(browser(), '/guide/start/', { colorScheme: 'light' });
    await hydrated(page);
    expect(await axeViolations(page, 'before')).toEqual([]);
    await page.evaluate(() => {
      document.querySelector('header button[aria-label]')!.removeAttribute('aria-label');
      document.querySelector('main p')!.setAttribute('style', 'color: #c8c8c8');
      document.querySelector('nav[aria-label="Sidebar"]')!.setAttribute('aria-label', 'Main');
    });
    expect(ruleIds(await axeViolations(page, 'broken'))).toEqual(['button-name', 'color-contrast', 'landmark-unique']);
    await context.close();
    // Prerendered, scripts off, written into the document as the sweep writes every route but the
    // first: the 404 link's name without its visible words.
    const prerendered = await open(browser(), '/guide/start/', { beforeGoto: scriptsOff });
    await prerendered.page.unrouteAll();
    await writeDocument(prerendered.page, '/nope', (html) => html.replace('aria-label="Take me home, go to home"', 'aria-label="go to home"'));
    expect(await prerendered.page.evaluate(() => [document.scripts.length, location.pathname, document.querySelector('h1')?.textContent])).toEqual([0, '/nope', 'PAGE NOT FOUND']);
    expect(ruleIds(await axeViolations(prerendered.page, '/nope broken'))).toEqual(['label-content-name-mismatch']);
    await prerendered.context.close();
  }, 120_000);

  it('finds a saved search\'s button put back inside its option, or among the options of the listbox', async () => {
    const saved = [{ objectID: '/guide/start/glossary', url: '/guide/start/glossary', type: 'lvl1', hierarchy: { lvl0: 'Guide', lvl1: 'Glossary', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: null }];
    const { page, context } = await open(browser(), '/guide/start/', {
      colorScheme: 'light',
      beforeGoto: async (p) => {
        await p.addInitScript((hits) => localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__local-en', hits), JSON.stringify(saved));
      },
    });
    await hydrated(page);
    await page.keyboard.press('Control+k');
    const option = page.getByRole('dialog').getByRole('option', { name: /Glossary/ });
    await option.waitFor();
    expect(await axeViolations(page, 'saved searches')).toEqual([]);
    const broken = async (where: 'option' | 'listbox') => {
      await page.evaluate((into) => {
        document.querySelector(`[role="dialog"] [role="${into}"]`)!.append(document.querySelector('[role="dialog"] button[aria-label^="Save this search"]')!.cloneNode(true));
      }, where);
      return ruleIds(await axeViolations(page, `button in the ${where}`));
    };
    expect(await broken('option')).toEqual(['nested-interactive']);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await option.waitFor();
    expect(await broken('listbox')).toEqual(['aria-required-children']);
    await context.close();
  }, 60_000);
});
