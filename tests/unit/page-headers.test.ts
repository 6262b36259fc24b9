import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_POLICY } from '../../src/server/content-security-policy.ts';
import { PAGE_HEADERS } from '../../src/server/serve.ts';

// In production Caddy serves the pre-rendered pages from disk with the headers of deploy/Caddyfile, and the
// app sends its own for the rest: a page's policy must not depend on which of them answered.

/** The headers of the Caddyfile's `header @pages { ... }` block, by name. */
function caddyPageHeaders(): Record<string, string> {
  const caddyfile = readFileSync(resolve(import.meta.dirname, '../../deploy/Caddyfile'), 'utf8');
  const block = /^\s*header @pages \{\n([\s\S]*?)\n\s*\}/m.exec(caddyfile)?.[1];
  expect(block, 'a header @pages block in deploy/Caddyfile').toBeDefined();
  const headers: Record<string, string> = {};
  for (const line of (block ?? '').split('\n').map((text) => text.trim())) {
    if (line === '' || line === 'defer' || line.startsWith('#')) continue;
    const [, name = '', quoted, bare] = /^(\S+)\s+(?:"(.*)"|(\S+))$/.exec(line) ?? [];
    headers[name] = quoted ?? bare ?? '';
  }
  return headers;
}

/** A policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the pages’ headers', () => {
  it('are the same from the app and from Caddy', () => {
    expect(caddyPageHeaders()).toEqual(PAGE_HEADERS);
  });

  it('confine everything a page loads to the site, Paystack’s checkout and images', () => {
    const policy = directives(PAGE_POLICY);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'https:']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.paystack.co',
      'https://standard.paystack.co',
    ]);
    expect(policy.get('frame-src')).toEqual(['https://checkout.paystack.com']);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // Nothing may turn a string into code.
    for (const [name, sources] of policy) expect(sources, name).not.toContain("'unsafe-eval'");
  });
});
