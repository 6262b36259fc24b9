import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium, NO_CHROMIUM_MESSAGE } from '../support/chromium.ts';

/** A folder holding an executable file of that name. */
function folderWith(name: string) {
  const folder = mkdtempSync(join(tmpdir(), 'chromium-'));
  const path = join(folder, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return { folder, path };
}

describe('finding a Chromium for the browser tests', () => {
  it('takes CHROMIUM_PATH first, and says what to run when it names no executable', async () => {
    const { path } = folderWith('my-chrome');
    await expect(findChromium({ CHROMIUM_PATH: path, PATH: '' })).resolves.toEqual({
      executablePath: path,
      source: 'CHROMIUM_PATH',
    });
    const missing = findChromium({ CHROMIUM_PATH: join(tmpdir(), 'no-such-chrome'), PATH: '' });
    await expect(missing).rejects.toThrow(/is not an executable file/);
    await expect(missing).rejects.toThrow(NO_CHROMIUM_MESSAGE);
    expect(NO_CHROMIUM_MESSAGE).toMatch(/apt-get install chromium/);
    expect(NO_CHROMIUM_MESSAGE).toMatch(/CHROMIUM_PATH=/);
  });

  it('finds chromium or google-chrome on the PATH', async () => {
    const chromium = folderWith('chromium');
    await expect(findChromium({ PATH: chromium.folder })).resolves.toEqual({
      executablePath: chromium.path,
      source: 'the system',
    });
    const chrome = folderWith('google-chrome');
    await expect(
      findChromium({ PATH: `${join(tmpdir(), 'empty')}:${chrome.folder}` }),
    ).resolves.toMatchObject({
      executablePath: chrome.path,
    });
  });
});
