// Adds the lock entries npm leaves out for other platforms' optional binaries.
//
// The registry mirror this project installs from has no packages for other platforms (darwin, win32,
// android, arm64 ...), so `npm install` cannot record them and `npm ci` then refuses the lock as out of
// sync. Each missing binary gets an entry with its version, `optional`, and the os/cpu its name states, so
// `npm ci` sees a complete lock and skips those packages on this platform, as it would anyway.
// Run after any `npm install` that changes the lock:  node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'android', 'linux', 'freebsd', 'openbsd', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 's390x', 'ppc64', 'riscv64', 'loong64'];

/** The os and cpu a platform binary's name states, e.g. cli-darwin-arm64 -> darwin, arm64. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  return { os: os ? [os] : undefined, cpu: cpu ? [cpu] : undefined };
}

/** Whether node's resolution from `from` (a lock path) finds `name` in the lock. */
function resolves(from, name) {
  let base = from;
  while (true) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

let added = 0;
for (const [from, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(from, name)) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    const { os, cpu } = platformOf(name);
    // Keys in the order npm writes them, so that a later `npm install` leaves the entry as it is.
    packages[`node_modules/${name}`] = {
      version,
      ...(cpu ? { cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `Added ${added} lock entries for other platforms' binaries` : 'The lock is complete');
