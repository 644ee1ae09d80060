import type { ReactElement } from 'react';

export type ShareNetwork = 'facebook' | 'twitter' | 'linkedin' | 'whatsapp' | 'email';

export interface ShareLink {
  readonly network: ShareNetwork;
  /** The complete share URL, computed by the server. */
  readonly href: string;
  /** Visible, localized name, e.g. "Share on Facebook". */
  readonly label: string;
}

export interface ShareLinksProps {
  readonly title: string;
  readonly links: readonly ShareLink[];
}

const ICONS: Record<ShareNetwork, string> = {
  facebook: 'M14 8.5V6.8c0-.8.5-1 1-1h2.4V2H14c-3.6 0-4.4 2.7-4.4 4.4v2.1H7V12h2.6v10H14V12h3l.4-3.5z',
  twitter: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.5z',
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.8h4V21H3zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6.1V21h-4v-4.9c0-1.2 0-2.7-1.6-2.7s-1.9 1.3-1.9 2.6v5h-4z',
  whatsapp:
    'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2c-1.5 0-3-.4-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.4.1-.7.3-.2.3-.9.9-.9 2.2s.9 2.5 1 2.7c.1.2 1.8 2.8 4.4 3.9 1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z',
  email: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3zM5.6 7l6.4 4.3L18.4 7z',
};

/**
 * Share links, rendered hidden: the networks set cookies, so the share island shows them only once the
 * visitor has accepted cookies (SPEC §4). Mail opens the visitor's own client in the same tab.
 */
export function ShareLinks({ title, links }: ShareLinksProps): ReactElement | null {
  if (links.length === 0) return null;
  return (
    <section className="share-links" data-island="share" hidden aria-labelledby="share-links-title">
      <h2 className="share-links__title" id="share-links-title">
        {title}
      </h2>
      <ul className="share-links__list">
        {links.map((link) => (
          <li key={link.network}>
            <a
              className={`share-link share-link--${link.network}`}
              href={link.href}
              {...(link.network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d={ICONS[link.network]} />
              </svg>
              <span>{link.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
