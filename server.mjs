// The production entry. It serves the API (the Hono app in src/server, run from source: Node strips the
// types) and Astro's built pages and files, on one port; with WEB_CONCURRENCY above 1 it runs that many
// worker processes and restarts any that dies. `npm start` builds and then runs this file.
import cluster from 'node:cluster';
import { loadConfig } from './src/server/config.ts';
import { serve, serverOrigin } from './src/server/serve.ts';
import { runWorkers } from './src/server/workers.ts';

const config = loadConfig();
const ready = `Exam practice is ready at ${serverOrigin(config)}`;

if (cluster.isPrimary && config.workers > 1) {
  await runWorkers(config.workers, (message) => console.log(message));
  console.log(`${ready} (${config.workers} processes)`);
} else {
  // Astro's standalone entry would start its own server on import; serve() runs the one server instead.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  try {
    await serve(config, async () => (await import('./dist/server/entry.mjs')).handler);
    if (cluster.isPrimary) console.log(ready);
  } catch (error) {
    // The supervisor (or the cluster's primary) starts the process again; say why it stopped.
    console.error('Start-up failed:', error);
    process.exit(1);
  }
}
