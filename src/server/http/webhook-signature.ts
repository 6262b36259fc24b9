import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's signature: the HMAC SHA-512 of the raw body with the secret key, hex. */
export function paystackSignature(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Checks a webhook's x-paystack-signature in constant time. */
export function isValidPaystackSignature(
  rawBody: string,
  signature: string | undefined,
  secretKey: string,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
