import type { LegalIdentity } from '../../src/config/legal-identity.js';
import { Fragment, type ReactElement, type ReactNode } from 'react';

/** Who sends the mail: what the layout shows around every mail. */
export interface MailSite {
  readonly name: string;
  /** Absolute: mail clients have no base URL. */
  readonly logoUrl: string;
  readonly brandColor: string;
  readonly siteUrl: string;
  readonly email: string;
  readonly phone: string;
  readonly legal: LegalIdentity;
}

/** What a mail's body component receives: its text, its sender, and its fully prepared model. */
export interface MailBodyProps<M> {
  readonly t: (key: string, args?: Readonly<Record<string, string | number>>) => string;
  readonly site: MailSite;
  readonly model: M;
}

/** A visitor who wrote to the agency, as the agency's mails name them. */
export interface MailVisitor {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  /** The language the visitor wrote in, as its own name (the agency answers in it). */
  readonly language: string;
  readonly message: string;
}

/** The visitor's facts in a mail to the agency: who wrote, how to reach them, and the language to answer in. */
export function visitorFacts(t: MailBodyProps<unknown>['t'], visitor: MailVisitor): Array<[string, string]> {
  return [
    [t('mail.extraInfo.name'), visitor.name],
    [t('mail.extraInfo.email'), visitor.email],
    [t('mail.extraInfo.phone'), visitor.phone ?? '–'],
    [t('mail.extraInfo.language'), visitor.language],
  ];
}

export interface MailLayoutProps {
  readonly lang: string;
  readonly subject: string;
  readonly site: MailSite;
  /** Lines under the mail, already translated. */
  readonly footer: readonly string[];
  readonly children: ReactNode;
}

/** Inline styles only: most mail clients drop <style> blocks and classes. */
const page = { margin: 0, padding: 0, backgroundColor: '#f4f5f7', color: '#1f2933', fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '15px', lineHeight: 1.5 };

/** The frame of every mail: the agency's logo and name, the content, and a footer with its contact details. */
export function MailLayout({ lang, subject, site, footer, children }: MailLayoutProps): ReactElement {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={page}>
        <div style={{ maxWidth: '600px', margin: '0 auto', padding: '24px 16px' }}>
          <header style={{ borderBottom: `3px solid ${site.brandColor}`, paddingBottom: '12px', marginBottom: '16px' }}>
            <a href={site.siteUrl} style={{ color: site.brandColor, textDecoration: 'none', fontSize: '18px', fontWeight: 'bold' }}>
              <img src={site.logoUrl} alt="" width="40" height="40" style={{ verticalAlign: 'middle', marginRight: '8px', border: 0 }} />
              {site.name}
            </a>
          </header>
          <main style={{ backgroundColor: '#ffffff', padding: '24px', borderRadius: '4px' }}>{children}</main>
          <footer style={{ color: '#616e7c', fontSize: '13px', paddingTop: '16px' }}>
            {footer.map((line) => (
              <p key={line} style={{ margin: '0 0 4px' }}>
                {line}
              </p>
            ))}
          </footer>
        </div>
      </body>
    </html>
  );
}

/** The mail's one call to action, as a button that survives clients without CSS as a plain link. */
export function MailButton({ href, label, color }: { href: string; label: string; color: string }): ReactElement {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        className="button"
        style={{ backgroundColor: color, color: '#ffffff', padding: '12px 20px', borderRadius: '4px', textDecoration: 'none', fontWeight: 'bold', display: 'inline-block' }}
      >
        {label}
      </a>
    </p>
  );
}

/** Label and value rows (who wrote, how to reach them, what they asked for), as a table every mail client lays out. */
export function MailFacts({ rows }: { rows: ReadonlyArray<readonly [string, string]> }): ReactElement {
  return (
    <table cellPadding={4} style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th style={{ textAlign: 'left', paddingRight: '16px', verticalAlign: 'top' }}>{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Words a visitor typed, with their line breaks kept (as <br>, which the plain-text part keeps too). */
export function MailQuote({ text, color }: { text: string; color: string }): ReactElement {
  const lines = text.split(/\r?\n/);
  return (
    <p style={{ borderLeft: `3px solid ${color}`, paddingLeft: '12px' }}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </p>
  );
}
