import { showToast } from './toasts.ts';

/** Opens the phone's share sheet, or copies the link when the browser has none. */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // Closing the share sheet is not a failure worth a message.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(`${data.text} ${data.url}`);
    showToast('Link copied. Paste it to your friends!', 'success');
  } catch {
    showToast(`Share this link: ${data.url}`, 'info');
  }
}
