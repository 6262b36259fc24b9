import { describe, expect, it } from 'vitest';
import { payer as aishaPays, plan } from '../../../tests/support/student-fixture.ts';
import { paymentApi } from '../../lib/api/endpoints.ts';
import { paymentMetadataSchema } from '../../lib/validation/payment.ts';
import {
  airtimeBillingLink,
  boughtCoins,
  cardPaymentConfig,
  checkPaymentState,
  DEFAULT_PLAN_FEATURES,
  grantCall,
  isPlanOnSale,
  originBannerValue,
  type Payer,
  paymentMetadata,
  paymentOptionsFor,
  paymentReference,
  paymentStateFor,
  paymentTypeFor,
  planFeatures,
  toKobo,
} from './payment-rules.ts';

const payer: Payer = aishaPays();

const monthly = plan('monthly', 1500, {
  _id: 'p2',
  perAmount: 'per month',
  frequency: 'month',
  noOfCoin: 200,
  features: ['Every past paper'],
});

describe('plan cards', () => {
  it('show the default features when a plan has none', () => {
    expect(planFeatures({ features: [] })).toEqual([
      'One day free trial',
      'All access to all features',
      'Eligibility to win cash prizes',
    ]);
    expect(planFeatures({ features: ['  '] })).toBe(DEFAULT_PLAN_FEATURES);
    expect(planFeatures(monthly)).toEqual(['Every past paper']);
  });

  it('sell every plan but the yearly one', () => {
    expect(isPlanOnSale({ planId: 'weekly' })).toBe(true);
    expect(isPlanOnSale({ planId: 'monthly' })).toBe(true);
    expect(isPlanOnSale({ planId: 'yearly' })).toBe(false);
  });
});

describe('the payment type', () => {
  it("is 'not-airtime' only above 1000 naira", () => {
    expect(paymentTypeFor(500)).toBe('');
    expect(paymentTypeFor(1000)).toBe('');
    expect(paymentTypeFor(1001)).toBe('not-airtime');
    expect(paymentTypeFor(12000)).toBe('not-airtime');
  });

  it('travels in the state START PLAN NOW hands to /payment-mode', () => {
    expect(paymentStateFor(monthly)).toEqual({
      amount: 1500,
      currency: 'naira',
      paymentType: 'not-airtime',
      item: { planId: 'monthly', plan_id: 'monthly', title: 'Monthly' },
    });
  });
});

describe('the /payment-mode state check', () => {
  it('sends a visit without state to /login', () => {
    expect(checkPaymentState(undefined)).toEqual({ status: 'missing' });
    expect(checkPaymentState(null)).toEqual({ status: 'missing' });
    expect(checkPaymentState('weekly')).toEqual({ status: 'missing' });
  });

  it('sends a state without an amount, or without a plan, back', () => {
    expect(checkPaymentState({ item: { planId: 'weekly' } })).toEqual({ status: 'no-amount' });
    expect(checkPaymentState({ amount: 0, item: { planId: 'weekly' } })).toEqual({ status: 'no-amount' });
    expect(checkPaymentState({ amount: '500', item: { planId: 'weekly' } })).toEqual({ status: 'no-amount' });
    expect(checkPaymentState({ amount: 500 })).toEqual({ status: 'no-amount' });
    expect(checkPaymentState({ amount: 500, item: {} })).toEqual({ status: 'no-amount' });
  });

  it('accepts the state of a plan, by planId or plan_id', () => {
    expect(checkPaymentState(paymentStateFor(monthly))).toEqual({
      status: 'ok',
      amount: 1500,
      item: { planId: 'monthly', title: 'Monthly' },
    });
    expect(checkPaymentState({ amount: 500, item: { plan_id: 'weekly' } })).toEqual({
      status: 'ok',
      amount: 500,
      item: { planId: 'weekly', title: '' },
    });
  });
});

describe('the country rule', () => {
  const ids = (country: string) => paymentOptionsFor(country).map((option) => option.id);

  it('offers every option in Nigeria or when the country is unknown', () => {
    expect(ids('nigeria')).toEqual(['mtn', 'paystack', 'momo', 'stripe']);
    expect(ids('Nigeria ')).toEqual(['mtn', 'paystack', 'momo', 'stripe']);
    expect(ids('unknown')).toEqual(['mtn', 'paystack', 'momo', 'stripe']);
    expect(ids('')).toEqual(['mtn', 'paystack', 'momo', 'stripe']);
  });

  it('offers a single stripe option anywhere else', () => {
    expect(ids('ghana')).toEqual(['stripe']);
    expect(ids('united kingdom')).toEqual(['stripe']);
  });

  it('gives each option an id, a text and an image', () => {
    for (const option of paymentOptionsFor('nigeria')) {
      expect(option.text).not.toBe('');
      expect(option.image).toMatch(/^\/images\/payment\/.+\.svg$/);
    }
  });
});

describe('airtime billing', () => {
  it('uses origin banner 2 for weekly, 3 for monthly and 1 otherwise', () => {
    expect(originBannerValue('weekly')).toBe(2);
    expect(originBannerValue('monthly')).toBe(3);
    expect(originBannerValue('yearly')).toBe(1);
    expect(originBannerValue(undefined)).toBe(1);
  });

  it('opens the configured page with the origin banner value, keeping its own query', () => {
    expect(airtimeBillingLink('https://billing.example.com/subscribe', 'monthly')).toBe(
      'https://billing.example.com/subscribe?origin=3',
    );
    expect(airtimeBillingLink('https://billing.example.com/s?service=exam', 'weekly')).toBe(
      'https://billing.example.com/s?service=exam&origin=2',
    );
  });
});

describe('the card payment', () => {
  it('charges the amount in kobo', () => {
    expect(toKobo(500)).toBe(50_000);
    expect(toKobo(19.99)).toBe(1999);
    expect(() => toKobo(0)).toThrow(RangeError);
    expect(() => toKobo(Number.NaN)).toThrow(RangeError);
  });

  it('makes a reference of the time and a random suffix that the server accepts', () => {
    const reference = paymentReference(1_767_225_600_000, new Uint8Array([0, 1, 171, 205, 239, 255]));
    expect(reference).toBe('1767225600000-0001abcdefff');
    const fresh = new Set(Array.from({ length: 50 }, () => paymentReference(1)));
    expect(fresh.size).toBe(50);
    for (const value of fresh) expect(value).toMatch(/^[A-Za-z0-9._=-]{6,100}$/);
  });

  it('carries who pays and for what, with the name, phone and custom fields', () => {
    const metadata = paymentMetadata(payer, {
      purpose: 'subscription',
      planId: 'monthly',
      title: 'Monthly',
      amount: 1500,
    });
    expect(metadata).toEqual({
      userId: payer._id,
      purpose: 'subscription',
      planId: 'monthly',
      name: 'Aisha Bello',
      phone: '08031234567',
      custom_fields: [
        { display_name: 'Full Name', variable_name: 'full_name', value: 'Aisha Bello' },
        { display_name: 'Phone Number', variable_name: 'phone_number', value: '08031234567' },
      ],
    });
    // The webhook grants from the metadata alone, so it must pass the server's own check.
    expect(paymentMetadataSchema.parse(metadata)).toMatchObject({
      purpose: 'subscription',
      planId: 'monthly',
    });

    const coins = paymentMetadata(payer, { purpose: 'coins', pack: 5000, coins: 6000 });
    expect(coins).toMatchObject({ userId: payer._id, purpose: 'coins', pack: 5000 });
    expect(coins).not.toHaveProperty('planId');
    expect(paymentMetadataSchema.parse(coins)).toMatchObject({ purpose: 'coins', pack: 5000 });
  });

  it('builds the card-payment config in kobo and naira', () => {
    const config = cardPaymentConfig(payer, { purpose: 'coins', pack: 5000, coins: 6000 }, 'ref-123456');
    expect(config).toMatchObject({
      email: 'aisha@example.com',
      amount: 500_000,
      currency: 'NGN',
      reference: 'ref-123456',
      metadata: { purpose: 'coins', pack: 5000 },
    });
  });

  it('asks the server to grant the subscription or the coin pack', () => {
    expect(
      grantCall({ purpose: 'subscription', planId: 'weekly', title: 'Weekly', amount: 500 }, 'r1'),
    ).toEqual({
      purpose: 'subscription',
      binding: paymentApi.subscribe,
      body: { reference: 'r1', channel: 'paystack', planId: 'weekly' },
    });
    expect(grantCall({ purpose: 'coins', pack: 1000, coins: 1000 }, 'r2')).toEqual({
      purpose: 'coins',
      binding: paymentApi.buyCoins,
      body: { reference: 'r2', pack: 1000 },
    });
  });
});

describe('/bought-coin', () => {
  it('announces the coins passed, or 80 without them', () => {
    expect(boughtCoins({ coins: 6000 })).toBe(6000);
    expect(boughtCoins(undefined)).toBe(80);
    expect(boughtCoins({ coins: -5 })).toBe(80);
    expect(boughtCoins({ coins: '6000' })).toBe(80);
  });
});
