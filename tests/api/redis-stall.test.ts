import { createServer, type Server, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { userApi } from '../../src/lib/api/endpoints.ts';
import { RedisSwitch } from '../../src/server/http/rate-limiter.ts';
import { closeRedis, openRedis } from '../../src/server/redis.ts';
import { createTestApp, expectLogs, signUpStudent } from '../support/test-app.ts';

// A Redis that accepts connections and then stops answering (a hung server, a network black hole): the rate
// limits must fall back to memory after one short command timeout, not make every request wait for it.

/**
 * A loopback server speaking just enough of Redis's protocol for ioredis to connect (it answers CLIENT
 * SETINFO and the ready check's INFO), then answering nothing, or only PING once `answerPings` was called.
 * It counts the other commands it was sent, by name.
 */
async function stalledRedis() {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  // Per connection, the PINGs not answered yet: a Redis that comes back answers them in order.
  const unanswered = new Map<Socket, number>();
  let answering = false;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    unanswered.set(socket, 0);
    socket.on('close', () => {
      sockets.delete(socket);
      unanswered.delete(socket);
    });
    socket.on('error', () => {});
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const parsed = parseCommand(buffered);
        if (!parsed) break;
        buffered = buffered.slice(parsed.length);
        const name = parsed.command[0]?.toLowerCase() ?? '';
        if (name === 'client') {
          socket.write('+OK\r\n');
        } else if (name === 'info') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        } else if (name === 'ping' && answering) {
          socket.write('+PONG\r\n');
        } else {
          received.push(name);
          if (name === 'ping') unanswered.set(socket, (unanswered.get(socket) ?? 0) + 1);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    received,
    /** Answers the PINGs held so far, and every PING from now on. */
    answerPings() {
      answering = true;
      for (const [socket, count] of unanswered) socket.write('+PONG\r\n'.repeat(count));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** One RESP command (an array of bulk strings) at the start of `text`, and how many characters it took. */
function parseCommand(text: string): { command: string[]; length: number } | undefined {
  const header = /^\*(\d+)\r\n/.exec(text);
  if (!header?.[1]) return undefined;
  let offset = header[0].length;
  const command: string[] = [];
  for (let index = 0; index < Number(header[1]); index++) {
    const bulk = /^\$(\d+)\r\n/.exec(text.slice(offset));
    if (!bulk?.[1]) return undefined;
    const start = offset + bulk[0].length;
    const end = start + Number(bulk[1]);
    if (text.length < end + 2) return undefined;
    command.push(text.slice(start, end));
    offset = end + 2;
  }
  return { command, length: offset };
}

/** Resolves once the client has connected and passed its ready check. */
function ready(redis: ReturnType<typeof openRedis>) {
  return new Promise<void>((resolve) => {
    if (redis.status === 'ready') resolve();
    else redis.once('ready', () => resolve());
  });
}

/** A pino logger whose lines the test reads. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const fake = await stalledRedis();
const redis = openRedis(fake.url, pino({ level: 'silent' }));
await ready(redis);
afterAll(async () => {
  await closeRedis(redis);
  await fake.close();
});
const t = await createTestApp({}, { redis });

describe('rate limits while Redis stalls', () => {
  it('stop asking the stalled Redis after one timed-out call, and go on counting in memory', async () => {
    expectLogs(/redis did not answer/);
    const { body } = await signUpStudent(t);
    const afterSignUp = fake.received.length;
    const address = '198.51.100.77';
    // Ten wrong guesses reach the password check; each would have waited for Redis on every counter.
    for (let guess = 0; guess < 10; guess++) {
      const response = await t.call(userApi.signIn, {
        body: { telephone: body.telephone, password: `wrong-${guess}` },
        address,
      });
      expect(response.status).toBe(401);
    }
    const limited = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: 'wrong-11' },
      address,
    });
    expect(limited.status).toBe(429);
    // Only the first request's calls went to Redis (one a counter at most, each timed out), however many
    // requests came after it within the pause.
    const sentDuringStall = fake.received.length - afterSignUp;
    expect(sentDuringStall).toBeLessThanOrEqual(3);
    // The owner still signs in, counted in memory.
    const owner = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: '198.51.100.78',
    });
    expect(owner.status).toBe(200);
  });

  it('warns once when Redis stops answering, and asks it again by PING after the pause', async () => {
    // A client of its own, so that its only commands are the switch's PINGs.
    const probed = openRedis(fake.url, pino({ level: 'silent' }));
    await ready(probed);
    const { logger, lines } = capturingLogger();
    const stalled = new RedisSwitch(probed, logger, 50);
    try {
      expect(stalled.paused()).toBe(false);
      const failure = new Error('Command timed out');
      stalled.failed(failure);
      stalled.failed(failure);
      stalled.failed(failure);
      expect(stalled.paused()).toBe(true);
      const warnings = () => lines.filter((line) => line.level === 40).map((line) => line.msg);
      expect(warnings()).toEqual(['redis did not answer; rate limits count in memory until it does']);

      // Still stalled after the pause: the PING goes unanswered, and Redis stays paused however often asked.
      const pings = () => fake.received.filter((name) => name === 'ping').length;
      const pingsBefore = pings();
      while (pings() === pingsBefore) {
        expect(stalled.paused()).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(stalled.paused()).toBe(true);

      // Redis answers again: a probe finds it, and the limits are shared again, with no second warning.
      fake.answerPings();
      for (let tries = 0; tries < 100 && stalled.paused(); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(stalled.paused()).toBe(false);
      expect(warnings()).toHaveLength(1);
      expect(lines.at(-1)?.msg).toBe('redis answers again; rate limits are shared again');
    } finally {
      await closeRedis(probed);
    }
  });
});
