import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { testCheckoutTransactions } from '../../db/schema.ts';
import { upstreamFailed } from '../errors.ts';

/** The fields of a Paystack transaction that a grant relies on (Paystack's verify response, `data`). */
export interface PaystackTransaction {
  reference: string;
  status: string;
  /** In kobo. */
  amount: number;
  currency: string;
  channel?: string;
  metadata: unknown;
}

/** Confirms payments: Paystack itself, or the local test checkout when Paystack has no keys. */
export interface PaymentVerifier {
  mode: 'paystack' | 'test-checkout';
  verify: (reference: string) => Promise<PaystackTransaction | undefined>;
}

/** Paystack's verify endpoint, called with the secret key. */
export function paystackVerifier(paystack: Config['paystack'] & { secretKey: string }): PaymentVerifier {
  return {
    mode: 'paystack',
    async verify(reference) {
      let response: Response;
      try {
        response = await fetch(`${paystack.baseUrl}/transaction/verify/${encodeURIComponent(reference)}`, {
          headers: { Authorization: `Bearer ${paystack.secretKey}` },
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        throw upstreamFailed(
          'We could not reach Paystack to confirm your payment. Please try again shortly.',
        );
      }
      if (response.status === 404 || response.status === 400) return undefined;
      if (!response.ok) {
        throw upstreamFailed('Paystack could not confirm your payment right now. Please try again shortly.');
      }
      const body = (await response.json()) as { status?: boolean; data?: PaystackTransaction };
      return body.status && body.data ? body.data : undefined;
    },
  };
}

/** The local test checkout's record of "payments", used in development when no Paystack keys are set. */
export function testCheckoutVerifier(db: Executor): PaymentVerifier {
  return {
    mode: 'test-checkout',
    async verify(reference) {
      const [row] = await db
        .select()
        .from(testCheckoutTransactions)
        .where(eq(testCheckoutTransactions.reference, reference));
      if (!row) return undefined;
      return {
        reference: row.reference,
        status: 'success',
        amount: row.amountKobo,
        currency: 'NGN',
        channel: 'test-checkout',
        metadata: JSON.parse(row.metadata) as unknown,
      };
    },
  };
}

/** Paystack when its secret key is set, the test checkout otherwise (production requires the key). */
export function createPaymentVerifier(config: Config, db: Executor): PaymentVerifier {
  const { secretKey } = config.paystack;
  return secretKey ? paystackVerifier({ ...config.paystack, secretKey }) : testCheckoutVerifier(db);
}
