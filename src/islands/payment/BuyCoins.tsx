import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import type { CoinPackOffer } from '../../lib/api/payments.ts';
import { formatNaira, formatThousands } from '../../lib/format.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { createBuyCoinsStore, type PickedPack } from './buy-coins-store.ts';
import { CheckoutDialog } from './CheckoutDialog.tsx';

/** "₦50 → 30 coins", read by a screen reader as "₦50 for 30 coins". */
function PackLabel({ pack }: { pack: PickedPack }) {
  return (
    <span className="pack-label">
      <span className="pack-price">{formatNaira(pack.price)}</span>
      <span aria-hidden="true"> → </span>
      <span className="visually-hidden"> for </span>
      <span className="pack-coins">{formatThousands(pack.coins)} coins</span>
    </span>
  );
}

/** /buy-coins: the name, TotalCoin and the coin packs (spec §2). */
export default function BuyCoins() {
  const [store] = useState(createBuyCoinsStore);
  const user = useStore(store.$user);
  const packs = useStore(store.$packs);
  const picked = useStore(store.$picked);

  useEffect(() => {
    void store.init();
  }, [store]);

  return (
    <div className="buy-coins">
      <div className="card coin-header">
        <div>
          <h1>Buy Coins</h1>
          <p className="coin-owner">
            {user
              ? `${user.firstName} ${user.lastName}`
              : packs.status === 'loading' && 'Loading your account...'}
          </p>
          {/* The balance in view, not only behind TotalCoin's alert (which the spec keeps). */}
          {user && (
            <p className="coin-balance">
              Your balance: <strong>{formatThousands(user.triviaPoints)}</strong> coins
            </p>
          )}
        </div>
        <button type="button" className="button button-outline" onClick={store.showTotal} disabled={!user}>
          TotalCoin
        </button>
      </div>
      {picked && (
        <p className="banner banner-success">
          You chose <PackLabel pack={picked} />. Choose it below to pay.
        </p>
      )}
      <section aria-labelledby="packs-heading" aria-busy={packs.status === 'loading'}>
        <h2 id="packs-heading">Coin packs</h2>
        {packs.status === 'loading' && <Loading label="Loading coin packs" />}
        {packs.status === 'failed' && (
          <LoadFailed message={packs.message} onRetry={() => void store.load()} className="status-message" />
        )}
        {packs.status === 'ready' && (
          <ul className="plain-list pack-grid">
            {packs.data.map((pack) => (
              <li key={pack._id}>
                <Pack pack={pack} picked={picked?.price === pack.price} onChoose={() => store.choose(pack)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <CheckoutDialog checkout={store.checkout} />
    </div>
  );
}

function Pack({ pack, picked, onChoose }: { pack: CoinPackOffer; picked: boolean; onChoose: () => boolean }) {
  const className = `tile pack-card${picked ? ' pack-picked' : ''}`;
  if (pack.link) {
    return (
      <a
        className={className}
        href={pack.link}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          if (!onChoose()) event.preventDefault();
        }}
      >
        <PackLabel pack={pack} />
        <span className="pack-via">
          Pay with airtime<span className="visually-hidden"> (opens in a new tab)</span>
        </span>
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={onChoose}>
      <PackLabel pack={pack} />
      <span className="pack-via">Pay by card</span>
    </button>
  );
}
