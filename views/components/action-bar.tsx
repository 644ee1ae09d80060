import type { ReactElement } from 'react';
import { Icon, type IconName } from './icon.js';

export interface ActionBarLink {
  readonly href: string;
  readonly text: string;
}

export interface ActionBarProps {
  /** The bar's accessible name. */
  readonly label: string;
  readonly call: ActionBarLink | null;
  readonly email: ActionBarLink | null;
  /** Opens the extra-information dialog (without JavaScript: jumps to it). */
  readonly ask: ActionBarLink & { readonly dialogId: string };
}

function Action({ link, icon, className = '' }: { link: ActionBarLink; icon: IconName; className?: string }): ReactElement {
  return (
    <a className={`action-bar__action ${className}`.trim()} href={link.href}>
      <Icon name={icon} />
      <span>{link.text}</span>
    </a>
  );
}

/**
 * The listing's main actions within a thumb's reach on phones: call, e-mail, ask for information. Fixed to the
 * bottom of the screen below 960 px (the contact card does it on wider screens); hidden while the cookie banner
 * asks its question, so the two never cover each other.
 */
export function ActionBar({ label, call, email, ask }: ActionBarProps): ReactElement {
  return (
    <nav className="action-bar" aria-label={label}>
      {call && <Action link={call} icon="phone" />}
      {email && <Action link={email} icon="mail" />}
      <a className="action-bar__action action-bar__action--primary" href={ask.href} data-modal-trigger={ask.dialogId}>
        <Icon name="info" />
        <span>{ask.text}</span>
      </a>
    </nav>
  );
}
