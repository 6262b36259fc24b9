import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './tests/support/chromium.ts';

// The end-to-end suite runs against the built app, started here on its own port and its own fresh data
// folder, in a Chromium found on the machine or shipped in an npm package (tests/support/chromium.ts),
// never one that downloads itself.
const browser = await findChromium();
// The main process says once which browser it drives; the workers load this file again, silently.
if (process.env.TEST_WORKER_INDEX === undefined) {
  console.log(`e2e: Chromium from ${browser.source} (${browser.executablePath})`);
}
const port = Number(process.env.E2E_PORT ?? 4410);
const dataDir = `tests/.tmp/e2e-${port}`;

/** The admin account created before the server starts. */
export const e2eAdmin = {
  telephone: '08000000077',
  email: 'e2e.admin@example.com',
  password: 'admin-password-77',
};

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // The app's service worker (src/service-worker) would take over each test's pages after their first
    // load, and page.route() cannot see the requests it makes itself. Tests of the worker opt in with
    // test.use({ serviceWorkers: 'allow' }) (tests/e2e/offline-shell.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: browser.executablePath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // An admin exists from the start so that the suite can check the web app refuses it.
    command: [
      `rm -rf ${dataDir}`,
      'npm run build',
      `printf '%s\\n' '${e2eAdmin.password}' | tsx src/cli/create-admin.ts --first Ada --last Admin --email ${e2eAdmin.email} --phone ${e2eAdmin.telephone}`,
      'node server.mjs',
    ].join(' && '),
    url: `http://localhost:${port}/api/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      PUBLIC_SITE_URL: `http://localhost:${port}`,
      // The fixtures create many students from one machine; each sends its own X-Forwarded-For so that
      // the per-address sign-up limit applies per fixture, as it would per phone in production.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
