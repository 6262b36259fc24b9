import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { shareLink } from '../../lib/client/share.ts';
import { company } from '../../lib/company.ts';
import { formatThousands, ordinal } from '../../lib/format.ts';
import EmailConfirmationNotice from '../auth/EmailConfirmationNotice.tsx';
import { MyContests } from '../contests/MyContests.tsx';
import { TopicMasteryView } from '../mastery/TopicMastery.tsx';
import { DownloadedPapers } from '../offline/DownloadedPapers.tsx';
import { ExamPlanForm } from '../prediction/ExamPlanForm.tsx';
import PredictionPanel from '../prediction/PredictionPanel.tsx';
import { TodayCard } from '../prediction/TodayCard.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { environment } from '../shared/environment.ts';
import { PasswordField, TextField } from '../shared/fields.tsx';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import PlanStatus from '../shared/PlanStatus.tsx';
import { useRevealingSubmit } from '../shared/use-revealing-submit.ts';
import { CoinHistory } from './CoinHistory.tsx';
import { deleteAccountDialog } from './delete-account-store.ts';
import { MyTests } from './MyTests.tsx';
import { createProfileStore, initials, PROFILE_FIELD_LABELS, type ProfileField } from './profile-store.ts';

const TILE_FIELDS: ProfileField[] = ['firstName', 'lastName', 'email', 'telephone'];

/**
 * The page's sections, by their headings' ids, for the jump links under the summary: after a few tests the
 * page runs to thousands of pixels on a phone, and the coin history comes last.
 */
const SECTIONS = [
  ['details-heading', 'Your details'],
  ['prediction-heading', 'Predicted score'],
  ['exam-plan-heading', 'Exam plan'],
  ['mastery-heading', 'Topic mastery'],
  ['downloads-heading', 'Downloaded papers'],
  ['my-tests-heading', 'My tests'],
  ['my-contests-heading', 'My contests'],
  ['history-heading', 'Coin History'],
] as const;

/**
 * /profile: the student's details, edit dialog, sharing, the day's work, the predicted score and exam plan,
 * downloads, tests, coins and logout (spec §2).
 */
export default function ProfileView() {
  const [store] = useState(createProfileStore);
  const user = useStore(store.$user);
  const account = useStore(store.$account);
  const editing = useStore(store.$editing);
  const saving = useStore(store.$saving);
  const history = useStore(store.$history);
  const onSave = useRevealingSubmit(store.save);
  const place = useStore(store.$boardPlace);

  useEffect(() => {
    void store.load();
  }, [store]);

  if (!user) {
    return account.status === 'failed' ? (
      <LoadFailed message={account.message} onRetry={() => void store.load()} />
    ) : (
      <Loading label="Loading your profile" />
    );
  }

  const siteUrl = environment().readOrigin();
  return (
    <div className="profile">
      <EmailConfirmationNotice />
      <section className="card profile-summary" aria-labelledby="profile-name">
        <div className="avatar" aria-hidden="true">
          {initials(user)}
        </div>
        <div>
          <h1 id="profile-name">
            {user.firstName} {user.lastName}
          </h1>
          <p>{user.email}</p>
          <p>{user.telephone}</p>
          <p>
            <span className="coin-balance">
              <strong>{formatThousands(user.triviaPoints)}</strong> coins
            </span>{' '}
            · <a href="#history-heading">Coin history</a>
          </p>
          {place && (
            <p className="board-place">
              <a href="/leader-board">
                <strong>{ordinal(place.rank)}</strong> on the Leader Board
              </a>
            </p>
          )}
        </div>
      </section>
      <nav className="profile-jump" aria-label="Profile sections">
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <PlanStatus />
      {/* The day's work, with the link to the review deck and its count. */}
      <TodayCard />

      <section aria-labelledby="details-heading">
        <h2 id="details-heading">Your details</h2>
        <ul className="profile-tiles">
          {TILE_FIELDS.map((field) => (
            <li key={field}>
              <button type="button" className="profile-tile" onClick={() => store.edit(field)}>
                <span className="tile-label">{PROFILE_FIELD_LABELS[field]}</span>
                <span className="tile-value">{user[field]}</span>
                {field === 'email' && user.pendingEmail && (
                  <span className="tile-note">Changing to {user.pendingEmail}: waiting for confirmation</span>
                )}
                {field === 'email' && !user.pendingEmail && user.emailVerified === false && (
                  <span className="tile-note">Not confirmed yet</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="profile-actions" aria-label="More actions">
        <button
          type="button"
          className="button button-outline"
          onClick={() =>
            void shareLink({
              title: 'Practise past questions with me',
              text: `${user.firstName} invites you to practise WAEC, JAMB and NECO past questions on ${company.name}.`,
              url: `${siteUrl}/sign-up`,
            })
          }
        >
          Invite Friends
        </button>
        <button
          type="button"
          className="button button-outline"
          onClick={() =>
            void shareLink({
              title: company.name,
              text: 'Past questions with explanations for COMMON ENTRANCE, BECE, NECO, WAEC, GCE, JAMB and IELTS.',
              url: siteUrl,
            })
          }
        >
          Share App
        </button>
        <button type="button" className="button button-danger" onClick={deleteAccountDialog.open}>
          Delete Account
        </button>
        <button type="button" className="button" onClick={() => void environment().logout()}>
          Logout
        </button>
      </section>

      <PredictionPanel place="profile" />

      <ExamPlanForm headingId="exam-plan-heading" />

      <TopicMasteryView />

      <DownloadedPapers />

      <MyTests />

      <MyContests />

      <section aria-labelledby="history-heading" aria-busy={history.status === 'loading'}>
        <h2 id="history-heading">Coin History</h2>
        <CoinHistory state={history} onRetry={() => void store.loadHistory()} />
      </section>

      <Dialog
        open={editing !== null}
        title={`Edit ${editing ? PROFILE_FIELD_LABELS[editing.field].toLowerCase() : ''}`}
        onClose={store.cancelEdit}
      >
        {editing?.sent && (
          <>
            <p role="status">{editing.sent}</p>
            <p className="hint">
              The link works once. Until you open it, your account keeps its current email.
            </p>
            <div className="modal-actions">
              <button type="button" className="button" onClick={store.cancelEdit}>
                Close
              </button>
            </div>
          </>
        )}
        {editing && !editing.sent && (
          <form noValidate onSubmit={onSave}>
            <TextField
              label={PROFILE_FIELD_LABELS[editing.field]}
              name={editing.field}
              type={editing.field === 'email' ? 'email' : editing.field === 'telephone' ? 'tel' : 'text'}
              value={editing.value}
              error={editing.error}
              readOnly={editing.field === 'telephone'}
              onChange={store.setValue}
            />
            {editing.field === 'telephone' && (
              <p className="hint">Your phone number signs you in, so it cannot be changed.</p>
            )}
            {editing.field === 'email' && (
              <>
                <PasswordField
                  label="Current password"
                  name="currentPassword"
                  autoComplete="current-password"
                  value={editing.currentPassword ?? ''}
                  error={editing.passwordError}
                  onChange={store.setCurrentPassword}
                />
                <p className="hint">
                  We will send a link to the new address. Your email changes when you open it, and your old
                  address is told.
                </p>
              </>
            )}
            <div className="modal-actions">
              <button type="button" className="button button-outline" onClick={store.cancelEdit}>
                Cancel
              </button>
              <button type="submit" className="button" disabled={saving}>
                {saving ? 'Saving...' : 'Submit'}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </div>
  );
}
