// The baseline of `npm run bench:api`: a bare Hono app on @hono/node-server that answers one small JSON
// body, measured in the same run as the real server so that the ratio between them means something on any
// machine. Usage: PORT=8080 node tests/bench/hello-server.ts
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.json({ success: true, message: 'hello', data: null }));
const port = Number(process.env.PORT ?? 0);

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`hello is ready at http://127.0.0.1:${info.port}`);
});
