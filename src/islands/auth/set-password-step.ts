import { z } from '../../lib/validation/zod.ts';

/** Where /set-password keeps step 2 in sessionStorage. */
export const SAVED_STEP_KEY = 'set-password:step-2';

// What a reload needs to show step 2 again: never a password. Read back through the schema, since
// anything on the page could have written to the tab's storage.
const savedStepSchema = z.object({
  /** The email the token went to, for "Send again"; empty when the page was opened from the link. */
  email: z.string().max(254),
  token: z.string().max(200),
  fromLink: z.boolean(),
});
export type SavedStep = z.infer<typeof savedStepSchema>;

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The saved step 2, or undefined when there is none or it cannot be read. */
export function readSavedStep(storage: SessionStorage): SavedStep | undefined {
  try {
    const saved = savedStepSchema.safeParse(JSON.parse(storage.getItem(SAVED_STEP_KEY) ?? 'null'));
    return saved.success ? saved.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps step 2 for a reload; a full or blocked storage only costs the student the reload. */
export function saveStep(storage: SessionStorage, step: SavedStep): void {
  try {
    storage.setItem(SAVED_STEP_KEY, JSON.stringify(step));
  } catch {
    // Nothing to do: the page works on without it.
  }
}

/** Forgets step 2: the reset worked, or the student went back to ask for a token. */
export function clearSavedStep(storage: SessionStorage): void {
  try {
    storage.removeItem(SAVED_STEP_KEY);
  } catch {
    // Storage blocked: there was nothing saved either.
  }
}
