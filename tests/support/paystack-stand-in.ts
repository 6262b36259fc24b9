import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { paystackSignature } from '../../src/server/http/webhook-signature.ts';

/** A transaction as the stand-in holds it. */
export interface StandInTransaction {
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'reversed';
  amount: number;
  currency: string;
  metadata: Record<string, unknown>;
}

export const STAND_IN_SECRET = 'sk_test_stand_in_secret';

/**
 * A loopback server that answers Paystack's verify call with Paystack's documented JSON, for the
 * transactions a test records. It checks the secret key the way Paystack does.
 */
export async function startPaystackStandIn() {
  const transactions = new Map<string, StandInTransaction>();
  let verifyCalls = 0;
  const server: Server = createServer((request, response) => {
    const match = request.url?.match(/^\/transaction\/verify\/([^/?]+)$/);
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET}`) {
      response.writeHead(401).end(JSON.stringify({ status: false, message: 'Invalid key' }));
      return;
    }
    if (!match?.[1]) {
      response.writeHead(404).end(JSON.stringify({ status: false, message: 'Not found' }));
      return;
    }
    verifyCalls += 1;
    const transaction = transactions.get(decodeURIComponent(match[1]));
    if (!transaction) {
      response
        .writeHead(400)
        .end(JSON.stringify({ status: false, message: 'Transaction reference not found' }));
      return;
    }
    response.writeHead(200).end(
      JSON.stringify({
        status: true,
        message: 'Verification successful',
        data: {
          id: 4099260516,
          domain: 'test',
          status: transaction.status,
          reference: transaction.reference,
          amount: transaction.amount,
          gateway_response: transaction.status === 'success' ? 'Successful' : 'Declined',
          paid_at: '2026-03-02T09:00:00.000Z',
          channel: 'card',
          currency: transaction.currency,
          metadata: transaction.metadata,
          customer: { email: 'student@example.com' },
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    record: (transaction: StandInTransaction) => transactions.set(transaction.reference, transaction),
    get verifyCalls() {
      return verifyCalls;
    },
  };
}

/** A charge.success webhook body and its signature, as Paystack sends them. */
export function signedWebhook(transaction: StandInTransaction, secret = STAND_IN_SECRET) {
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      id: 4099260516,
      status: transaction.status,
      reference: transaction.reference,
      amount: transaction.amount,
      currency: transaction.currency,
      metadata: transaction.metadata,
    },
  });
  return { body, signature: paystackSignature(body, secret) };
}
