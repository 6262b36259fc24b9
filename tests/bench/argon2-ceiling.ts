// The argon2id ceiling of a machine: how many password verifications a second its cores can do with the
// app's own hashing parameters, measured in the benchmark's own run so that the sign-in rate can be set
// against it. Sign-ins cannot go faster than this, whatever the rest of the app does.
import { availableParallelism } from 'node:os';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../src/server/services/accounts.ts';
import { median } from './support.ts';

// libuv's default thread pool, on which @node-rs/argon2 runs each verification (in the app as here).
const DEFAULT_THREAD_POOL = 4;

/** What the ceiling measurement found. */
export interface Argon2Ceiling {
  /** Verifications running at once: the cores the app's processes can keep busy hashing. */
  parallel: number;
  /** Verifications a second, each round's, and their median. */
  rounds: number[];
  perSecond: number;
  /** CPU milliseconds one verification costs (user and system time of this process over the rounds). */
  cpuMsPerVerification: number;
}

/**
 * The verifications the app's processes can run at once: each process hashes on its libuv thread pool,
 * and all of them share the machine's cores.
 */
export function appHashingParallelism(processes: number): number {
  const threadPool = Number(process.env.UV_THREADPOOL_SIZE ?? DEFAULT_THREAD_POOL) || DEFAULT_THREAD_POOL;
  return Math.max(1, Math.min(availableParallelism(), processes * threadPool));
}

/**
 * Verifies one password against a hash made by the app's `hashPassword`, `parallel` at a time, for
 * `seconds` a round, `rounds` times; the median round is the ceiling.
 */
export async function measureArgon2Ceiling(options: {
  parallel: number;
  seconds: number;
  rounds: number;
}): Promise<Argon2Ceiling> {
  const password = 'argon2-ceiling-password';
  const stored = await hashPassword(password);
  const perRound: number[] = [];
  let verifications = 0;
  const cpuBefore = process.cpuUsage();
  for (let round = 0; round < options.rounds; round++) {
    const started = performance.now();
    const stopAt = started + options.seconds * 1000;
    let done = 0;
    const loop = async () => {
      while (performance.now() < stopAt) {
        if (!(await verify(stored, password))) throw new Error('argon2 ceiling: the password did not verify');
        done += 1;
      }
    };
    await Promise.all(Array.from({ length: options.parallel }, loop));
    perRound.push(done / ((performance.now() - started) / 1000));
    verifications += done;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    parallel: options.parallel,
    rounds: perRound,
    perSecond: median(perRound),
    cpuMsPerVerification: (cpu.user + cpu.system) / 1000 / Math.max(1, verifications),
  };
}
