import { environment } from '../shared/environment.ts';
import type { PaperSummary } from './offline-papers.ts';

/**
 * The signed-in student's downloads on this phone, newest first: none for a guest, or where the browser
 * keeps no store (a private window, no IndexedDB), so that a screen falls back to its usual error.
 */
export async function myDownloads(): Promise<PaperSummary[]> {
  try {
    const { userId, papers } = environment();
    const owner = userId();
    if (!owner) return [];
    return await papers().list(owner);
  } catch {
    return [];
  }
}
