import { useStore } from '@nanostores/preact';
import { useState } from 'preact/compat';
import { TRIAL_DAYS } from '../../lib/api/user.ts';
import { ResendButton } from '../auth/EmailConfirmationNotice.tsx';
import { createResend } from '../auth/email-confirmation-store.ts';

/**
 * A full exam refused to a student whose email waits for confirmation: the free trial is one tap away in
 * their inbox, so the quiz asks them to confirm (with Resend) rather than sending them to buy a plan.
 */
export function ConfirmFirst({ email }: { email: string }) {
  const [store] = useState(createResend);
  const resend = useStore(store.$resend);
  // QuizMessage's card, with the actions in a div: the Resend button brings its own block of status text.
  return (
    <div className="card quiz-message" role="alert">
      <h1>Confirm your email to start your free trial</h1>
      <p>
        We sent a link to <strong>{email}</strong>. Open it and your {TRIAL_DAYS}-day free trial of full exams
        starts: no plan needed. Then come back and start this paper.
      </p>
      <ResendButton state={resend} onResend={() => void store.resend()} />
      <p className="quiz-message-actions">
        <a className="button button-outline" href="/pricing">
          See the plans
        </a>
      </p>
    </div>
  );
}
