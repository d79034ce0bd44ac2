/**
 * The logo in an editor page's header (help spec §2.1: "The editor header has
 * a logo linking to the system dashboard overview"). An editor page is a
 * dialog over its list, so the console's own header sits under its backdrop:
 * the logo goes in the dialog's header. Following it is the caller's to
 * decide (an editor with unsaved changes asks first).
 */
import './EditorHomeLogo.css';
import logoUrl from '../../../../resources/icon.png';
import { SYSTEM_DASHBOARD_ROUTE } from '../core/router';

const SYSTEM_DASHBOARD_LABEL = 'System dashboard';

export function EditorHomeLogo({ onFollow }: { onFollow(): void }) {
  return (
    <a
      className="editor-home-logo"
      href={`#${SYSTEM_DASHBOARD_ROUTE}`}
      aria-label={SYSTEM_DASHBOARD_LABEL}
      title={SYSTEM_DASHBOARD_LABEL}
      data-testid="editor-home-logo"
      onClick={(event) => {
        // Not the browser's hash change: the editor decides whether its changes may go.
        event.preventDefault();
        onFollow();
      }}
    >
      <img src={logoUrl} alt="" width={20} height={20} />
    </a>
  );
}
