/** The coin packs (spec §3): naira price to coins. The first four are bought through a purchase link. */
export const COIN_PACKS = [
  { price: 50, coins: 30, byLink: true },
  { price: 100, coins: 70, byLink: true },
  { price: 200, coins: 175, byLink: true },
  { price: 500, coins: 480, byLink: true },
  { price: 1000, coins: 1000, byLink: false },
  { price: 5000, coins: 6000, byLink: false },
  { price: 10000, coins: 20000, byLink: false },
] as const;

export type CoinPack = (typeof COIN_PACKS)[number];

/** The pack with this naira price, if there is one. */
export function findCoinPack(price: number): CoinPack | undefined {
  return COIN_PACKS.find((pack) => pack.price === price);
}
