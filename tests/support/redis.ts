import type { Redis } from 'ioredis';
import pino from 'pino';
import { openRedis } from '../../src/server/redis.ts';

/**
 * A Redis client from openRedis, once it is connected. The app's client sends no command while it is still
 * connecting (its offline queue is off), so a test that used it at once would have its first requests
 * counted in each instance's memory instead of Redis.
 */
export async function readyRedis(url: string): Promise<Redis> {
  const redis = openRedis(url, pino({ level: 'silent' }));
  await new Promise<void>((resolve, reject) => {
    if (redis.status === 'ready') resolve();
    redis.once('ready', resolve);
    setTimeout(() => reject(new Error(`Redis at ${url} is not ready`)), 5_000).unref();
  });
  return redis;
}
