import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userApi } from '../../src/lib/api/endpoints.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { adminSchema, createAdmin } from '../../src/server/services/admins.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';

const t = await createTestApp();
const run = promisify(execFile);

describe('createAdmin', () => {
  it('creates an admin that the web app refuses and another client accepts', async () => {
    const input = adminSchema.parse({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada.obi@example.com',
      telephone: '08030000009',
      password: 'long-admin-password',
    });
    expect((await createAdmin(t.db, input)).created).toBe(true);
    const body = { telephone: '08030000009', password: 'long-admin-password' };
    const fromWeb = await t.call(userApi.signIn, { body });
    expect(fromWeb.status).toBe(403);
    const fromConsole = await t.call(userApi.signIn, {
      body,
      headers: { 'frontend-source': 'admin-console' },
    });
    expect(fromConsole.status).toBe(200);
  });

  it('promotes an existing account', async () => {
    const { body } = await signUpStudent(t);
    const input = adminSchema.parse({ ...body, password: 'long-admin-password' });
    expect((await createAdmin(t.db, input)).created).toBe(false);
    const [row] = await t.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.telephone, body.telephone));
    expect(row?.isAdmin).toBe(true);
  });
});

describe('npm run admin:create', () => {
  it('creates the admin in the configured database from flags and a password on standard input', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'admin-cli-'));
    try {
      const child = run(
        'node_modules/.bin/tsx',
        [
          'src/cli/create-admin.ts',
          '--first',
          'Ada',
          '--last',
          'Obi',
          '--email',
          'ada@example.com',
          '--phone',
          '08030000010',
        ],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      );
      child.child.stdin?.end('long-admin-password\n');
      const { stdout } = await child;
      expect(stdout).toContain('Created admin 08030000010');
      const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      const [row] = await handle.db.select().from(users).where(eq(users.telephone, '08030000010'));
      await handle.close();
      expect(row?.isAdmin).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('explains what is missing and exits 1', async () => {
    const child = run('node_modules/.bin/tsx', ['src/cli/create-admin.ts', '--first', 'Ada'], {
      env: { ...process.env, DATABASE_URL: 'memory://' },
    });
    child.child.stdin?.end('');
    await expect(child).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Phone number is required (--phone)'),
    });
  }, 60_000);
});
