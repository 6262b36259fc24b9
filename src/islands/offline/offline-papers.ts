/**
 * The phone's store of downloads (docs/offline.md): each paper a student downloaded for offline use, with its
 * images as Blobs, and the attempts taken offline that wait to be uploaded. It lives in IndexedDB, the one
 * browser store that holds megabytes and Blobs and survives a closed tab. Every record names the student
 * it belongs to, so a second student signing in on the same phone sees none of the first one's papers
 * (they were downloaded under the first one's plan) and never uploads the first one's attempts.
 */

import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OfflineAttemptUpload, OfflinePaperHeading, OfflineQuestion } from '../../lib/api/offline.ts';

/** A downloaded paper as the lists show it: everything but its questions and images. */
export interface PaperSummary extends OfflinePaperHeading {
  /** The student whose download it is (their user id). */
  owner: string;
  paperId: string;
  version: string;
  /** Minutes. */
  duration: number;
  /** How many questions it has. */
  questions: number;
  /** What it takes on the phone: the paper's JSON and its images. */
  bytes: number;
  downloadedAt: string;
  usableUntil: string;
}

/** A whole download: its summary, its questions (key and explanations included) and its images. */
export interface StoredPaper {
  summary: PaperSummary;
  questions: OfflineQuestion[];
  /** Each image of the paper by the address the questions name it with. */
  images: Record<string, Blob>;
}

/** An attempt taken offline, waiting to go to POST /api/v1/exam/offline. */
export interface QueuedAttempt {
  owner: string;
  upload: OfflineAttemptUpload;
  /** When it was queued, so the oldest goes first. */
  queuedAt: string;
}

/** What the rest of the app needs from the store; the tests run it on fake-indexeddb. */
export interface PaperStore {
  /** The student's downloads, newest first. */
  list(owner: string): Promise<PaperSummary[]>;
  get(owner: string, paperId: string): Promise<StoredPaper | undefined>;
  /** Saves a download, replacing an older one of the same paper. */
  save(paper: StoredPaper): Promise<void>;
  remove(owner: string, paperId: string): Promise<void>;
  /** The student's attempts waiting to be uploaded, oldest first. */
  queued(owner: string): Promise<QueuedAttempt[]>;
  enqueue(attempt: QueuedAttempt): Promise<void>;
  dequeue(clientId: string): Promise<void>;
}

/** The database's name and version: a new version needs an upgrade step below. */
export const DATABASE_NAME = 'exam-practice-offline';
const DATABASE_VERSION = 1;

interface OfflineSchema extends DBSchema {
  /** The summaries, small enough to list all at once, keyed [owner, paperId]. */
  papers: { key: [string, string]; value: PaperSummary; indexes: { owner: string } };
  /** The questions and images, read only when a paper is taken, under the same key. */
  contents: { key: [string, string]; value: Omit<StoredPaper, 'summary'> };
  uploads: { key: string; value: QueuedAttempt; indexes: { owner: string } };
}

const newestFirst = (a: PaperSummary, b: PaperSummary) => b.downloadedAt.localeCompare(a.downloadedAt);

/**
 * The store in this browser's IndexedDB, opened on first use. Rejects (on first use) where IndexedDB is
 * missing or blocked, as in some private modes: the callers then offer no downloads.
 */
export function openPaperStore(name = DATABASE_NAME): PaperStore {
  let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;
  const db = () => {
    opened ??= openDB<OfflineSchema>(name, DATABASE_VERSION, {
      upgrade(database) {
        database.createObjectStore('papers', { keyPath: ['owner', 'paperId'] }).createIndex('owner', 'owner');
        database.createObjectStore('contents');
        database.createObjectStore('uploads', { keyPath: 'upload.clientId' }).createIndex('owner', 'owner');
      },
    });
    return opened;
  };

  return {
    async list(owner) {
      const papers = await (await db()).getAllFromIndex('papers', 'owner', owner);
      return papers.sort(newestFirst);
    },
    async get(owner, paperId) {
      const database = await db();
      const transaction = database.transaction(['papers', 'contents']);
      const [summary, contents] = await Promise.all([
        transaction.objectStore('papers').get([owner, paperId]),
        transaction.objectStore('contents').get([owner, paperId]),
      ]);
      return summary && contents ? { summary, ...contents } : undefined;
    },
    async save({ summary, questions, images }) {
      const database = await db();
      // One transaction: a paper is listed only once its questions and images are all stored.
      const transaction = database.transaction(['papers', 'contents'], 'readwrite');
      await Promise.all([
        transaction.objectStore('papers').put(summary),
        transaction.objectStore('contents').put({ questions, images }, [summary.owner, summary.paperId]),
        transaction.done,
      ]);
    },
    async remove(owner, paperId) {
      const database = await db();
      const transaction = database.transaction(['papers', 'contents'], 'readwrite');
      await Promise.all([
        transaction.objectStore('papers').delete([owner, paperId]),
        transaction.objectStore('contents').delete([owner, paperId]),
        transaction.done,
      ]);
    },
    async queued(owner) {
      const attempts = await (await db()).getAllFromIndex('uploads', 'owner', owner);
      return attempts.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    },
    async enqueue(attempt) {
      await (await db()).put('uploads', attempt);
    },
    async dequeue(clientId) {
      await (await db()).delete('uploads', clientId);
    },
  };
}

let shared: PaperStore | undefined;

/** The browser's store, one per page. */
export function paperStore(): PaperStore {
  shared ??= openPaperStore();
  return shared;
}

/**
 * Asks the browser to keep the downloads when the phone runs short of space, once: a browser that said
 * no keeps the store as "best effort", where the downloads still work until the phone needs the room.
 */
export async function requestPersistence(storage: StorageManager | undefined): Promise<boolean> {
  if (!storage?.persist) return false;
  if (await storage.persisted?.()) return true;
  return storage.persist();
}

/** 245_760 -> "240 KB": a size as a student reads it (1 KB = 1024 bytes, as phones count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}
