import { useStore } from '@nanostores/preact';
import { useEffect, useId, useState } from 'preact/compat';
import type { Plan } from '../../lib/api/plans.ts';
import { formatNaira } from '../../lib/format.ts';
import { isPlanOnSale, planFeatures } from './payment-rules.ts';
import { createPricingStore } from './pricing-store.ts';

/** /pricing: a grid of plan cards fetched from the server (spec §2). */
export default function Pricing() {
  const [store] = useState(createPricingStore);
  const plans = useStore(store.$plans);

  useEffect(() => {
    void store.load();
  }, [store]);

  if (plans.status === 'loading') return <div className="spinner" role="status" aria-label="Loading plans" />;
  if (plans.status === 'failed') {
    return (
      <div className="status-message" role="alert">
        <p>{plans.message}</p>
        <button type="button" className="button" onClick={() => void store.load()}>
          Retry
        </button>
      </div>
    );
  }
  if (plans.data.length === 0) {
    return <p className="status-message">No plans are on sale right now. Please check back soon.</p>;
  }
  return (
    <ul className="plan-grid">
      {plans.data.map((plan) => (
        <PlanCard key={plan._id} plan={plan} onStart={() => store.startPlan(plan)} />
      ))}
    </ul>
  );
}

function PlanCard({ plan, onStart }: { plan: Plan; onStart: () => void }) {
  const id = useId();
  const onSale = isPlanOnSale(plan);
  return (
    <li className={`card plan-card${onSale ? '' : ' plan-card-soon'}`}>
      <h2 id={`${id}-title`}>{plan.title}</h2>
      <p className="plan-price" id={`${id}-price`}>
        <span className="plan-amount">{formatNaira(plan.amount)}</span> <span>{plan.perAmount}</span>
      </p>
      <ul className="plan-features">
        {planFeatures(plan).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {onSale ? (
        <button
          type="button"
          className="button plan-start"
          aria-describedby={`${id}-title ${id}-price`}
          onClick={onStart}
        >
          START PLAN NOW
        </button>
      ) : (
        <>
          {/* The spec makes this button do nothing; it stays focusable so that the reason can be read. */}
          <button
            type="button"
            className="button plan-start"
            aria-disabled="true"
            aria-describedby={`${id}-title ${id}-soon`}
          >
            START PLAN NOW
          </button>
          <p className="plan-soon" id={`${id}-soon`}>
            Available soon
          </p>
        </>
      )}
    </li>
  );
}
