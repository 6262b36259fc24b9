import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { accessSummary } from '../../lib/access.ts';
import { $auth } from '../../lib/client/session.ts';
import { environment } from './environment.ts';
import './plan-status.css';

/**
 * The student's plan or free trial and when it ends, in West Africa Time, with a link to the plans when
 * there is none, a trial, or one that has ended. Renders nothing for a guest, for a student with no plan
 * who has yet to confirm the email (the confirmation notice says what that holds back), or before
 * hydration (the account lives in this browser's storage). `refresh` loads the account first, for a page
 * that does not load it itself.
 */
export default function PlanStatus({ refresh = false }: { refresh?: boolean }) {
  const { user, profile } = useStore($auth);
  const [now, setNow] = useState<Date | null>(null);

  useEffect(() => {
    setNow(new Date());
    if (refresh) void environment().loadUser();
  }, [refresh]);

  if (!now || !user) return null;
  const subscription = profile?.subscription;
  const hasPlan = subscription !== undefined && subscription.status !== 'none';
  if (!hasPlan && user.emailVerified === false) return null;
  const summary = accessSummary(subscription, now);
  return (
    <p className={`plan-status${summary.live ? '' : ' plan-status-ended'}`}>
      <span>{summary.text}</span>
      {summary.offerPlans && <a href="/pricing">See plans</a>}
    </p>
  );
}
