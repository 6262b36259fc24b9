import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/lib/api/endpoint.ts';
import * as endpoints from '../../src/lib/api/endpoints.ts';
import { createTestApp } from '../support/test-app.ts';

// The bindings of src/lib/api/endpoints.ts and the API's routes are one list: each binding names a route
// the API serves, and each route the API serves has a binding, so that no caller needs to write a path.

const t = await createTestApp();

const bindings = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members as Record<string, Endpoint>).map(([member, binding]) => ({
    name: `${group}.${member}`,
    route: `${binding.method} ${binding.path}`,
  })),
);

// Hono lists middleware as method ALL; every other entry is a handler of a route.
const routes = new Set(
  t.app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
);

describe('the endpoint bindings', () => {
  it('each name a route the API serves', () => {
    const unknown = bindings.filter((binding) => !routes.has(binding.route));
    expect(unknown).toEqual([]);
  });

  it('cover every route, once', () => {
    const bound = bindings.map((binding) => binding.route);
    expect([...routes].filter((route) => !bound.includes(route))).toEqual([]);
    expect(bound.filter((route, index) => bound.indexOf(route) !== index)).toEqual([]);
  });

  it('send a form-encoded endpoint its body as form fields', async () => {
    // The airtime check validates a form: the same fields sent as JSON would be a 400.
    const answer = await t.call(endpoints.paymentApi.airtimeStatus, {
      body: { action: 'GRW', msisdn: '08031234567' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({ active: false });
  });
});
