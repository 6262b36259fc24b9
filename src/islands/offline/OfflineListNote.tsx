import './offline.css';

/** Over a list of choices taken from the phone: there is no network, so only downloaded papers show. */
export function OfflineListNote() {
  return (
    <p className="offline-banner" role="status">
      <strong>You are offline.</strong> These are the papers downloaded on this phone.
    </p>
  );
}

/** The word under a card listed from the phone. */
export const DOWNLOADED_NOTE = 'Downloaded';
