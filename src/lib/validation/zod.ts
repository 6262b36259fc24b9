import { z } from 'zod';

// In the browser zod must not compile its parsers with `new Function`: the pages' Content-Security-Policy
// allows no eval, and even zod's probe for it is reported as a violation. Jitless mode skips both. It
// applies to schemas made after this call, so every module of the browser's bundles takes zod from here
// (biome.json refuses a direct import); the server keeps the faster compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
