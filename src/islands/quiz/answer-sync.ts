import {
  type AnswerQueue,
  discard,
  enqueue,
  type KeyValueStorage,
  loadQueue,
  type QueuedAnswer,
  retryDelay,
  saveQueue,
  settle,
} from './answer-queue.ts';

/** What happened to one answer sent to the server. */
export type SendOutcome = 'sent' | 'retry' | 'rejected';

export interface AnswerSyncOptions {
  attemptId: string;
  storage: KeyValueStorage | undefined;
  /** Sends one answer; 'retry' when the connection or the server failed, 'rejected' when it will never pass. */
  send: (answer: QueuedAnswer) => Promise<SendOutcome>;
  isOnline: () => boolean;
  /** Told about every change of the queue. */
  onChange?: (queue: AnswerQueue) => void;
  /**
   * Told whether answers are stuck: true once a send could not go out (offline or failed), false when the
   * queue empties. Answers merely on their way are not 'waiting', so the screen does not alarm anyone.
   */
  onWaiting?: (waiting: boolean) => void;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Sends queued answers one at a time, in the order they were picked. A failure for lack of a connection
 * keeps the answer and retries later (5 s, doubling to a minute, and at once when `flush` is called on the
 * 'online' event); an answer the server refuses for good is dropped.
 */
export function createAnswerSync(options: AnswerSyncOptions) {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let queue = loadQueue(options.storage, options.attemptId);
  let failures = 0;
  let timer: unknown;
  let running: Promise<boolean> | undefined;
  let disposed = false;

  function update(next: AnswerQueue) {
    queue = next;
    saveQueue(options.storage, options.attemptId, queue);
    options.onChange?.(queue);
  }

  function scheduleRetry() {
    options.onWaiting?.(true);
    if (timer !== undefined || disposed) return;
    failures += 1;
    timer = setTimer(() => {
      timer = undefined;
      void flush();
    }, retryDelay(failures));
  }

  async function drain(): Promise<boolean> {
    while (queue.length > 0 && !disposed) {
      if (!options.isOnline()) {
        scheduleRetry();
        return false;
      }
      const [next] = queue;
      if (!next) break;
      const outcome = await options.send(next).catch((): SendOutcome => 'retry');
      if (outcome === 'retry') {
        scheduleRetry();
        return false;
      }
      update(settle(queue, next));
    }
    failures = 0;
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    if (queue.length === 0) options.onWaiting?.(false);
    return queue.length === 0;
  }

  /** Sends everything queued; resolves true when nothing is left waiting. One run at a time. */
  function flush(): Promise<boolean> {
    if (!running) {
      running = drain().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  /** Stops retrying; the stored queue stays for the next visit. */
  function dispose() {
    disposed = true;
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  }

  return {
    /** The answers still waiting for the server. */
    pending: (): AnswerQueue => queue,
    /** Queues a picked answer (stored at once) and tries to send it; a run under way sends it too. */
    add(answer: QueuedAnswer) {
      update(enqueue(queue, answer));
      void flush();
    },
    /** Drops whatever is queued for a question. */
    remove(question: string) {
      update(discard(queue, question));
      if (queue.length === 0) options.onWaiting?.(false);
    },
    flush,
    /** Forgets the queue (after the attempt is submitted) and stops retrying. */
    clear() {
      update([]);
      options.onWaiting?.(false);
      dispose();
    },
    dispose,
  };
}

export type AnswerSync = ReturnType<typeof createAnswerSync>;
