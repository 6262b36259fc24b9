import type { Logger } from 'pino';
import type { AppDeps } from '../deps.ts';

/** The signed-in caller, as the auth middleware resolves it from the bearer token. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  isAdmin: boolean;
}

export interface AppEnv {
  Bindings: {
    /** The socket's remote address, passed by the Astro endpoint (or by tests). */
    clientAddress?: string;
  };
  Variables: {
    requestId: string;
    logger: Logger;
    deps: AppDeps;
    auth: AuthContext;
  };
}
