import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

/** Another process holding an embedded database folder, and the way to make it let go and exit. */
export interface FolderHolder {
  pid: number;
  release: () => Promise<void>;
}

/**
 * Starts tests/support/hold-data-folder.ts on `dataDir` and waits until it holds the folder: with `open`,
 * until it has opened and migrated the database there, as the app does at start.
 */
export async function holdDataFolder(
  dataDir: string,
  options: { open?: boolean } = {},
): Promise<FolderHolder> {
  const child: ChildProcessWithoutNullStreams = spawn(
    'node_modules/.bin/tsx',
    ['tests/support/hold-data-folder.ts', dataDir, ...(options.open ? ['--open'] : [])],
    { stdio: 'pipe' },
  );
  let output = '';
  let pid = 0;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready (\d+)\n/.exec(output);
      if (ready) {
        pid = Number(ready[1]);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`The holder exited (${code}) before holding: ${output}`)));
  });
  return {
    pid,
    release: async () => {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`The holder exited with ${code}: ${output}`);
    },
  };
}
