import { fill } from '../strings.ts';

/** The prompt text when copying fails: Cmd on Mac, Ctrl elsewhere. */
export function copyFallbackText(template: string, platform: string): string {
  return fill(template, { key: /mac|iphone|ipad|ipod/i.test(platform) ? 'Cmd' : 'Ctrl' });
}

/** The copy button shows success for 2 s. */
export const COPY_SUCCESS_MS = 2000;

/** What copyPending needs of the browser: the clipboard, and ClipboardItem where there is one. */
export interface ClipboardAccess {
  clipboard: Pick<Clipboard, 'writeText'> & Partial<Pick<Clipboard, 'write'>>;
  ClipboardItem?: typeof ClipboardItem;
}

/**
 * Copies text that is still on its way (a page's markdown twin, fetched on click). With
 * ClipboardItem the write starts inside the click and takes the text when it arrives, which
 * Safari requires (a write after an await loses the click); elsewhere the text is awaited first.
 * Rejects when the text or the write fails.
 */
export async function copyPending(text: Promise<string>, { clipboard, ClipboardItem: Item }: ClipboardAccess): Promise<void> {
  if (Item && clipboard.write) {
    await clipboard.write([new Item({ 'text/plain': text.then((value) => new Blob([value], { type: 'text/plain' })) })]);
    return;
  }
  await clipboard.writeText(await text);
}
