import { company } from '../../lib/company.ts';
import { environment } from '../shared/environment.ts';

/** The bar of the paper-choosing screens: Back, and the logo that returns home (spec §2). */
export function FlowHeader({ fallback }: { fallback: string }) {
  return (
    <header className="top-bar flow-header">
      <div className="top-bar-inner flow-header-inner">
        <button
          type="button"
          className="button button-outline flow-back"
          onClick={() => environment().goBack(fallback)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
          </svg>
          Back
        </button>
        <a className="logo" href="/" aria-label={`${company.name} home`}>
          <img src={company.logo.src} alt="" width={company.logo.width} height={company.logo.height} />
        </a>
      </div>
    </header>
  );
}
