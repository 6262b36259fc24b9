import { atom, computed } from 'nanostores';
import { paymentApi } from '../../lib/api/endpoints.ts';
import type { CoinPackOffer } from '../../lib/api/payments.ts';
import { $auth } from '../../lib/client/session.ts';
import { formatThousands } from '../../lib/format.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';
import { createCheckout } from './checkout-store.ts';

/** A pack a guest chose before signing in, handed back by /login. */
export type PickedPack = Pick<CoinPackOffer, 'price' | 'coins'>;

function pickedFrom(state: unknown): PickedPack | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { price, coins } = state as Record<string, unknown>;
  return typeof price === 'number' && typeof coins === 'number' ? { price, coins } : undefined;
}

/** The TotalCoin alert. */
export function totalCoinMessage(coins: number): string {
  return `You have ${formatThousands(coins)} coins remaining`;
}

/** /buy-coins: the student's name and balance, and the packs, bought by link or by card (spec §2). */
export function createBuyCoinsStore() {
  const $user = computed($auth, (state) => state.user);
  const $packs = atom<LoadState<CoinPackOffer[]>>({ status: 'loading' });
  const $picked = atom<PickedPack | undefined>(undefined);

  const checkout = createCheckout({
    onGranted(_purchase, result) {
      environment().setCoins(result.triviaPoints);
      environment().navigate('/bought-coin', { coins: result.coins });
    },
  });

  /**
   * Loads the packs (and Retry), and the student when not loaded yet: a card payment needs their email, so
   * a student who could not be loaded sees why, with Retry, instead of packs they cannot pay for.
   */
  async function load(reloadAccount = false) {
    $packs.set({ status: 'loading' });
    const { call, refreshUser } = environment();
    const [result, account] = await Promise.all([
      call(paymentApi.coinPacks),
      reloadAccount || !$user.get() ? refreshUser() : undefined,
    ]);
    if (!$user.get() && account && !account.ok) {
      $packs.set({ status: 'failed', message: account.message });
      return;
    }
    $packs.set(loadedFrom(result.ok ? { ...result, data: result.data.docs } : result));
  }

  /** Reads the pack a guest chose before signing in, refreshes the balance and loads the packs. */
  function init() {
    $picked.set(pickedFrom(environment().readNavigationState()));
    return load(true);
  }

  /** TotalCoin: alerts the remaining coins. */
  function showTotal() {
    const user = $user.get();
    if (user) window.alert(totalCoinMessage(user.triviaPoints));
  }

  /**
   * A pack was chosen. A guest goes to /login with it; a pack with a link opens that page (the link itself
   * does, so this returns true); the others are paid by card here.
   */
  function choose(pack: CoinPackOffer): boolean {
    if (!environment().signedIn()) {
      environment().requireSignIn('/buy-coins', {
        price: pack.price,
        coins: pack.coins,
      } satisfies PickedPack);
      return false;
    }
    if (pack.link) return true;
    checkout.start({ purpose: 'coins', pack: pack.price, coins: pack.coins });
    return false;
  }

  return { $user, $packs, $picked, checkout, init, load, showTotal, choose };
}
