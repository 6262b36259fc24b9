import { describe, expect, it } from 'vitest';
import { MAX_METADATA_DEPTH, nestsAtMost, testCheckoutSchema } from './payment.ts';

const checkout = (metadata: unknown) =>
  testCheckoutSchema.safeParse({ reference: 'ref-123456', amount: 50_000, email: 'a@example.com', metadata });

describe('test checkout metadata', () => {
  it('accepts the metadata the checkout sends, custom fields included', () => {
    const metadata = {
      userId: 'u',
      purpose: 'coins',
      pack: 1000,
      custom_fields: [{ display_name: 'Full Name', variable_name: 'full_name', value: 'Ngozi Okafor' }],
    };
    expect(checkout(metadata).success).toBe(true);
  });

  it('refuses metadata nested deeper than the limit, however deep, without overflowing the stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`);
    const result = checkout(deep);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('metadata is nested too deeply');
  });

  it('counts depth from the metadata object itself', () => {
    let value: unknown = 1;
    for (let level = 0; level < MAX_METADATA_DEPTH; level++) value = { a: value };
    expect(nestsAtMost(value, MAX_METADATA_DEPTH)).toBe(true);
    expect(nestsAtMost({ a: value }, MAX_METADATA_DEPTH)).toBe(false);
    expect(nestsAtMost([[[]]], 2)).toBe(false);
  });
});
