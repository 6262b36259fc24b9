import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../../tests/support/fake-dom.ts';
import { shareLink } from './share.ts';

const link = { title: 'JAMB practice', text: 'I scored 280. Try it:', url: 'https://example.com/r/abc' };

describe('shareLink', () => {
  let dom: ReturnType<typeof installDom>;
  const share = vi.fn<(data: unknown) => Promise<void>>();
  const writeText = vi.fn<(text: string) => Promise<void>>();

  /** The toasts shown: the message and its kind. */
  const toasts = () =>
    (dom.document.getElementById('toasts')?.children ?? []).map((toast) => [
      toast.children[0]?.textContent,
      toast.className,
    ]);

  beforeEach(() => {
    // A toast closes on a timer; fake timers drop it with the test instead of firing on the next one's page.
    vi.useFakeTimers();
    dom = installDom();
    share.mockReset().mockResolvedValue(undefined);
    writeText.mockReset().mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens the phone's share sheet with the link, and says nothing more", async () => {
    vi.stubGlobal('navigator', { share, clipboard: { writeText } });
    await shareLink(link);
    expect(share).toHaveBeenCalledWith(link);
    expect(writeText).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('does nothing when the student closes the share sheet', async () => {
    share.mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    vi.stubGlobal('navigator', { share, clipboard: { writeText } });
    await shareLink(link);
    expect(writeText).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('copies the link when the share sheet fails otherwise', async () => {
    share.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    vi.stubGlobal('navigator', { share, clipboard: { writeText } });
    await shareLink(link);
    expect(writeText).toHaveBeenCalledWith('I scored 280. Try it: https://example.com/r/abc');
    expect(toasts()).toEqual([['Link copied. Paste it to your friends!', 'toast toast-success']]);
  });

  it('copies the link where the browser has no share sheet', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await shareLink(link);
    expect(writeText).toHaveBeenCalledOnce();
    expect(toasts()).toEqual([['Link copied. Paste it to your friends!', 'toast toast-success']]);
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await shareLink(link);
    expect(toasts()).toEqual([['Share this link: https://example.com/r/abc', 'toast toast-info']]);
  });
});
