import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Finds a Chromium for the end-to-end tests and `bench:pages`, so that `npm install && npm test` needs
 * nothing else on the machine. In order: CHROMIUM_PATH; the system's Chromium or Chrome; a browser
 * Playwright has installed; the Chromium that the @sparticuz/chromium package ships inside itself (Linux,
 * unpacked into the temporary folder on first use). A browser that downloads itself at install time is
 * never used: it fails on a machine that reaches only the npm registry.
 */

export interface FoundChromium {
  executablePath: string;
  /** Where it was found, for the log line. */
  source: string;
}

const SYSTEM_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const SYSTEM_PATHS = [
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export const NO_CHROMIUM_MESSAGE = [
  'No Chromium was found for the browser tests. Looked for CHROMIUM_PATH, chromium or google-chrome on the',
  'PATH, a browser installed by Playwright, and the Chromium inside the @sparticuz/chromium package (Linux).',
  'Do one of these, then run the tests again:',
  '  npm install                           (installs @sparticuz/chromium, on Linux x64 or arm64)',
  '  sudo apt-get install chromium         (Debian or Ubuntu)',
  '  npx playwright install chromium       (any system with internet access)',
  '  CHROMIUM_PATH=/path/to/chrome npm test',
].join('\n');

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string, searchPath: string): string | undefined {
  const folders = searchPath.split(delimiter).filter(Boolean);
  return folders.map((folder) => join(folder, command)).find(isExecutable);
}

async function installedByPlaywright(): Promise<string | undefined> {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return isExecutable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

async function shippedInPackage(): Promise<string | undefined> {
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) return undefined;
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    const path = await packaged.executablePath();
    return isExecutable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The Chromium to drive, or an error whose message says exactly what to run. */
export async function findChromium(environment: NodeJS.ProcessEnv = process.env): Promise<FoundChromium> {
  const chosen = environment.CHROMIUM_PATH;
  if (chosen) {
    if (isExecutable(chosen)) return { executablePath: chosen, source: 'CHROMIUM_PATH' };
    throw new Error(`CHROMIUM_PATH is ${chosen}, which is not an executable file.\n\n${NO_CHROMIUM_MESSAGE}`);
  }
  for (const command of SYSTEM_COMMANDS) {
    const path = onPath(command, environment.PATH ?? '');
    if (path) return { executablePath: path, source: 'the system' };
  }
  const fixed = SYSTEM_PATHS.find(isExecutable);
  if (fixed) return { executablePath: fixed, source: 'the system' };
  const playwright = await installedByPlaywright();
  if (playwright) return { executablePath: playwright, source: 'Playwright’s browsers' };
  const packaged = await shippedInPackage();
  if (packaged) return { executablePath: packaged, source: 'the @sparticuz/chromium package' };
  throw new Error(NO_CHROMIUM_MESSAGE);
}
