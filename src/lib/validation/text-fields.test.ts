import { describe, expect, it } from 'vitest';
import { isPlainMultiLineText, isPlainText, UNSTORABLE_TEXT_MESSAGE } from './fields.ts';
import { z } from './zod.ts';

// Every request schema's text fields carry the one text rule (fields.ts): the test walks each exported
// schema of src/lib/validation and src/lib/api, and fails on a string field that forgets it.

const modules = {
  // Not the test files beside them: importing one would run its tests inside this file.
  ...import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true }),
  ...import.meta.glob<Record<string, unknown>>(['../api/*.ts', '!../api/*.test.ts'], { eager: true }),
};

/** Formats whose own pattern refuses any control character, each with a value it accepts. */
const STRICT_FORMATS: Record<string, string> = {
  uuid: '0b9f4c3e-8d7a-4b6e-9c1d-2e3f4a5b6c7d',
  email: 'ngozi@example.com',
  datetime: '2026-03-02T09:00:00Z',
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Every string schema inside `schema`, with the path that leads to it. */
function stringLeaves(schema: unknown, path: string, found: [string, z.ZodType][], seen = new Set()) {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (inner: unknown, step: string) => stringLeaves(inner, `${path}${step}`, found, seen);
  switch (def.type) {
    case 'string':
      found.push([path, schema as z.ZodType]);
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `.${key}`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType, '');
      break;
    case 'pipe':
      walk(def.in, '');
      walk(def.out, '');
      break;
    case 'array':
      walk(def.element, '[]');
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, '|');
      break;
    case 'record':
      walk(def.keyType, '{key}');
      walk(def.valueType, '{value}');
      break;
    case 'number':
    case 'boolean':
    case 'literal':
    case 'enum':
    case 'unknown':
    case 'transform':
      break;
    default:
      throw new Error(`${path}: the walk does not know zod's ${def.type}; teach it`);
  }
  return found;
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  file.endsWith('.test.ts')
    ? []
    : Object.entries(exports)
        .filter(([, value]) => value instanceof z.ZodType)
        .map(([name, value]) => [`${file.replace(/^.*\//, '')} ${name}`, value as z.ZodType] as const),
);

const leaves = schemas.flatMap(([name, schema]) => stringLeaves(schema, name, []));

const hasTextRule = (leaf: z.ZodType) =>
  ((defOf(leaf).checks as { _zod: { def: { fn?: unknown } } }[] | undefined) ?? []).some(
    (check) => check._zod.def.fn === isPlainText || check._zod.def.fn === isPlainMultiLineText,
  );

describe('the one text rule', () => {
  it('finds the request schemas and their text fields', () => {
    const names = schemas.map(([name]) => name);
    for (const expected of [
      'account.ts signUpSchema',
      'payment.ts subscriptionSchema',
      'payment.ts paymentMetadataSchema',
      'reports.ts questionReportSchema',
      'contact.ts contactSchema',
    ]) {
      expect(names).toContain(expected);
    }
    expect(leaves.length).toBeGreaterThan(40);
  });

  it.each(leaves)('%s refuses U+0000 and other control characters', (path, leaf) => {
    const format = defOf(leaf).format as string | undefined;
    const sample = format === undefined ? undefined : STRICT_FORMATS[format];
    if (format !== undefined) {
      // A strict format: its pattern refuses what the rule would; one that is not listed needs the rule.
      expect(
        sample,
        `${path} has the format ${format}: list it in STRICT_FORMATS or add the text rule`,
      ).toBeDefined();
      expect(leaf.safeParse(sample).success, path).toBe(true);
      for (const control of ['\u0000', '\u001b', '\u0085']) {
        expect(leaf.safeParse(`${sample}${control}`).success, path).toBe(false);
      }
      return;
    }
    expect(hasTextRule(leaf), `${path} does not start from text() of fields.ts`).toBe(true);
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\ud800']) {
      const result = leaf.safeParse(`abc${control}def`);
      expect(result.success, `${path} with U+${control.charCodeAt(0).toString(16)}`).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    }
  });
});

describe('isPlainText and isPlainMultiLineText', () => {
  it('refuse C0, DEL and C1 on one line, and keep tab and line breaks on several', () => {
    for (const code of [0, 1, 8, 9, 10, 13, 27, 31, 127, 128, 133, 155, 159]) {
      const character = String.fromCharCode(code);
      expect(isPlainText(`a${character}b`), `U+${code.toString(16)}`).toBe(false);
      expect(isPlainMultiLineText(`a${character}b`), `U+${code.toString(16)}`).toBe(
        [9, 10, 13].includes(code),
      );
    }
  });

  it('accept the rest of Unicode: emoji, accents, right-to-left text, zero-width joiners, U+00A0', () => {
    for (const value of ['Ngozi 😀', 'نگوزی', 'Ade\u200dola', '👩🏾‍🎓', 'Zoë', 'a\u00a0b', '\u2028']) {
      expect(isPlainText(value), value).toBe(true);
      expect(isPlainMultiLineText(value), value).toBe(true);
    }
  });
});
