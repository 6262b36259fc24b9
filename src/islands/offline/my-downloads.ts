import { $auth } from '../../lib/client/session.ts';
import { canKeepPapers, type PaperSummary, paperStore } from './offline-papers.ts';

/**
 * The signed-in student's downloads on this phone, newest first: none for a guest, or where the browser
 * keeps no store (a private window), so that a screen falls back to its usual error.
 */
export async function myDownloads(): Promise<PaperSummary[]> {
  try {
    const owner = $auth.get().user?._id;
    if (!owner || !canKeepPapers()) return [];
    return await paperStore().list(owner);
  } catch {
    return [];
  }
}
