/** renderer/lib/clipboard.ts: copying text that is still being fetched. */
import { describe, expect, it } from 'vitest';
import { copyPending } from '../../../renderer/lib/clipboard.ts';

/** A ClipboardItem as the browser's: it keeps the items, promises included. */
class FakeItem {
  constructor(readonly items: Record<string, Promise<Blob>>) {}
}

function recordingClipboard(withWrite: boolean) {
  const written: string[] = [];
  const clipboard = {
    writeText: async (text: string) => void written.push(`text:${text}`),
    ...(withWrite ? { write: async (items: FakeItem[]) => void written.push(`item:${await (await items[0]!.items['text/plain']!).text()}`) } : {}),
  };
  return { written, clipboard: clipboard as unknown as Parameters<typeof copyPending>[1]['clipboard'] };
}

describe('copyPending', () => {
  it('hands ClipboardItem the pending text, so the write starts inside the click', async () => {
    const { written, clipboard } = recordingClipboard(true);
    let arrive!: (text: string) => void;
    const copying = copyPending(new Promise((resolve) => (arrive = resolve)), { clipboard, ClipboardItem: FakeItem as unknown as typeof ClipboardItem });
    arrive('# Title\n');
    await copying;
    expect(written).toEqual(['item:# Title\n']);
  });

  it('waits for the text and writes it as text where ClipboardItem is missing', async () => {
    const { written, clipboard } = recordingClipboard(true);
    await copyPending(Promise.resolve('# Title\n'), { clipboard });
    expect(written).toEqual(['text:# Title\n']);
  });

  it('rejects, writing nothing, when the text cannot be fetched', async () => {
    for (const withItem of [true, false]) {
      const { written, clipboard } = recordingClipboard(true);
      const item = withItem ? (FakeItem as unknown as typeof ClipboardItem) : undefined;
      await expect(copyPending(Promise.reject(new Error('HTTP 404')), { clipboard, ClipboardItem: item })).rejects.toThrow('HTTP 404');
      expect(written).toEqual([]);
    }
  });
});
