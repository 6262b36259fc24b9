import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A Redis client for the shared rate-limit counters (REDIS_URL). It connects at once and reconnects on its
 * own. A Redis that is down or hung must never hold up or fail a request: with the offline queue off a
 * command fails at once while disconnected, a command that gets no answer fails after 200 ms (a healthy
 * Redis answers in about a millisecond), and the rate limiter then counts in memory until Redis answers
 * again (RedisSwitch in http/rate-limiter.ts).
 */
export function openRedis(url: string, logger?: Logger): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 200,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let healthy = true;
  // Without a listener, ioredis reports every failed reconnect as an unhandled 'error' event. One warning
  // per outage is enough; the reconnects go on quietly.
  client.on('error', (error: Error) => {
    if (!healthy) return;
    healthy = false;
    logger?.warn({ err: error }, 'redis unavailable; rate limits count in memory until it is back');
  });
  client.on('ready', () => {
    if (!healthy) logger?.info('redis is back; rate limits are shared again');
    healthy = true;
  });
  return client;
}

/** Closes a client from openRedis: politely when connected, at once when not. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Fall through: a quit that fails leaves the socket for disconnect to drop.
    }
  }
  client.disconnect();
}
