// The reference proxy (deploy/Caddyfile, run by Debian's Caddy) for the benchmarks: started on a free
// loopback port with TLS from Caddy's internal CA and HTTP/2, in front of the app instances, with the built
// client as its static root. The CA's root certificate is handed back so that the load generator verifies
// the proxy's certificate rather than switching verification off.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:http2';
import { resolve } from 'node:path';
import { freePort } from '../support/server-process.ts';

/** The Caddyfile the benchmark runs: the production one, unchanged. */
export const CADDYFILE = 'deploy/Caddyfile';

/** One failed active health check, from Caddy's log: the instance got no traffic until it passed again. */
export interface HealthFailure {
  /** Milliseconds since the epoch. */
  at: number;
  host: string;
  reason: string;
}

/** A running Caddy: its public origin, the root certificate to trust, its version and how to stop it. */
export interface ProxyProcess {
  origin: string;
  /** PEM of Caddy's internal root CA, which signed the proxy's certificate. */
  ca: string;
  version: string;
  child: ChildProcess;
  output: () => string;
  /** Every failed active health check Caddy logged: when, which instance, why. */
  healthFailures: HealthFailure[];
  /** Errors Caddy's proxy logged (a response cut off by a dying instance, ...), by message. */
  proxyErrors: Map<string, number>;
  /** Caddy's whole log, kept after the run. */
  logFile: string;
  stop: () => Promise<void>;
}

/**
 * The path of the `caddy` binary. Missing, it is installed from Debian's packages when this process is root;
 * otherwise the benchmark stops with the command to run.
 */
export function ensureCaddy(log: (line: string) => void = console.log): string {
  const found = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    console.error(
      'bench: the proxy needs Caddy (Debian package `caddy`). Install it with:\n  sudo apt-get update && sudo apt-get install -y caddy',
    );
    process.exit(2);
  }
  log('bench: Caddy is missing; installing Debian package caddy');
  for (const args of [['update'], ['install', '-y', 'caddy']]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status})`);
  }
  const installed = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).stdout.trim();
  if (!installed) throw new Error('caddy is still missing after apt-get install');
  return installed;
}

/** A failed health check in a few words: timed out, refused, or the status it answered. */
function healthReason(entry: { msg?: string; error?: string; status_code?: number }): string {
  const error = entry.error ?? '';
  if (/timeout|deadline/i.test(error)) return 'timed out';
  if (/refused/i.test(error)) return 'connection refused';
  if (entry.status_code !== undefined) return `answered ${entry.status_code}`;
  return (error || entry.msg || 'failed').slice(0, 80);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs deploy/Caddyfile on a free loopback port in front of `upstreams` (host:port), serving `staticRoot`.
 * `trustedProxies` is where the load generator connects from: it stands in for a CDN that names each
 * student's address in X-Forwarded-For, so Caddy appends to that header instead of replacing it.
 * Resolves once a health check through the proxy answers 200.
 */
export async function startProxy(options: {
  upstreams: string[];
  staticRoot: string;
  trustedProxies: string[];
  /** The HTTPS port; a free one unless given (the app needs its public origin before the proxy starts). */
  port?: number;
  readyTimeoutMs?: number;
}): Promise<ProxyProcess> {
  const caddy = ensureCaddy();
  const version = spawnSync(caddy, ['version'], { encoding: 'utf8' }).stdout.trim();
  const port = options.port ?? (await freePort());
  // Not Caddy's default 2019, which another Caddy on the machine may hold.
  const adminPort = await freePort();
  // Caddy keeps its CA and certificates under XDG_DATA_HOME; a directory of its own per run leaves the
  // user's home alone and lets two runs share a machine.
  const id = randomUUID();
  const home = resolve(`tests/.tmp/caddy-${id}`);
  mkdirSync(home, { recursive: true });
  const logFile = resolve(`tests/.tmp/caddy-${id}.log`);
  const origin = `https://127.0.0.1:${port}`;
  const child = spawn(caddy, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      SITE_ADDRESS: origin,
      CADDY_TLS: 'internal',
      APP_UPSTREAMS: options.upstreams.join(' '),
      STATIC_ROOT: resolve(options.staticRoot),
      CADDY_TRUSTED_PROXIES: options.trustedProxies.join(' '),
      // HTTP/3 would add a UDP listener that the load generator never uses.
      CADDY_PROTOCOLS: 'h1 h2',
      CADDY_ADMIN: `127.0.0.1:${adminPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  const healthFailures: HealthFailure[] = [];
  const proxyErrors = new Map<string, number>();
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    appendFileSync(logFile, text);
    // Caddy logs one JSON object a line; the active health checker's lines say when an instance was out.
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('"level":"error"') && line.includes('"logger":"http.handlers.reverse_proxy"')) {
        try {
          const entry = JSON.parse(line) as { msg?: string; error?: string };
          const message = `${entry.msg ?? '?'}: ${entry.error ?? ''}`.slice(0, 100);
          proxyErrors.set(message, (proxyErrors.get(message) ?? 0) + 1);
        } catch {
          // Not JSON.
        }
        continue;
      }
      // Only failures: the checker also logs when an instance comes back ("host is up").
      if (!line.includes('health_checker.active') || !/"(error|status_code)"/.test(line)) continue;
      try {
        const entry = JSON.parse(line) as {
          ts?: number;
          host?: string;
          msg?: string;
          error?: string;
          status_code?: number;
        };
        healthFailures.push({
          at: Math.round((entry.ts ?? Date.now() / 1000) * 1000),
          host: entry.host ?? '?',
          reason: healthReason(entry),
        });
      } catch {
        // Not JSON: a line Caddy printed before its logger was set up.
      }
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  async function stop() {
    if (!gone) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(home, { recursive: true, force: true });
  }

  const caFile = `${home}/caddy/pki/authorities/local/root.crt`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  try {
    for (;;) {
      if (gone) throw new Error(`Caddy exited before it was ready:\n${output}`);
      if (Date.now() > deadline) throw new Error(`Caddy was not ready in time:\n${output}`);
      if (existsSync(caFile)) {
        const ca = readFileSync(caFile, 'utf8');
        const check = await http2Get(origin, ca, '/api/v1/health').catch(() => undefined);
        // Caddy makes its CA and the site's certificate as it starts: ready once a request goes end to end.
        if (check?.status === 200) {
          return {
            origin,
            ca,
            version,
            child,
            output: () => output,
            healthFailures,
            proxyErrors,
            logFile,
            stop,
          };
        }
      }
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One GET over HTTP/2 (node:http2, so it fails unless ALPN picked h2), verifying the certificate with `ca`. */
export function http2Get(
  origin: string,
  ca: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string>; protocol: string | undefined }> {
  return new Promise((done, fail) => {
    const session = connect(origin, { ca });
    session.once('error', fail);
    const stream = session.request({ ':path': path, 'accept-encoding': 'gzip' });
    stream.once('error', fail);
    stream.once('response', (headers) => {
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      stream.resume();
      stream.once('end', () => {
        session.close();
        done({
          status: Number(headers[':status']),
          headers: flat,
          protocol: session.alpnProtocol,
        });
      });
    });
    stream.end();
  });
}
