import type { ReactElement, ReactNode } from 'react';
import type { EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import { PHOTO_LAYOUTS } from '../../../src/estates/images/image-variants.js';
import { cachedSection } from '../../cached-sections.js';
import { Icon } from '../../components/icon.js';
import { Picture } from '../../components/picture.js';
import type { PageContext } from '../../page-context.js';
import type { DetailPageModel } from '../estate-detail-page.js';

type Translate = PageContext['t'];

export interface ContactCardProps {
  readonly display: Pick<EstateDisplayModel, 'priceText' | 'reference' | 'salesRep' | 'virtualVisits'>;
  readonly phoneHrefs: DetailPageModel['salesRepPhones'];
  readonly t: Translate;
  /** The inquiry forms, between the agent and the virtual visits. */
  readonly children: ReactNode;
}

/**
 * Beside the listing: price and reference, the agent to call or mail, the forms, the virtual visits. All but the
 * forms are kept sections of the detail page (views/cached-sections.tsx).
 */
export function ContactCard({ display, phoneHrefs, t, children }: ContactCardProps): ReactElement {
  return (
    <div className="contact-card">
      {cachedSection('contact:agent', () => (
        <>
          <p className="contact-card__price">{display.priceText}</p>
          {display.reference && <p className="contact-card__reference">{t('detail.reference', { reference: display.reference })}</p>}
          {display.salesRep && <SalesRep rep={display.salesRep} phoneHrefs={phoneHrefs} t={t} />}
        </>
      ))}
      {children}
      {cachedSection('contact:visits', () => (
        <VirtualVisits links={display.virtualVisits} t={t} />
      ))}
    </div>
  );
}

interface SalesRepProps {
  readonly rep: NonNullable<EstateDisplayModel['salesRep']>;
  readonly phoneHrefs: DetailPageModel['salesRepPhones'];
  readonly t: Translate;
}

function SalesRep({ rep, phoneHrefs, t }: SalesRepProps): ReactElement {
  return (
    <div className="sales-rep">
      <h2 className="sales-rep__title">{t('detail.contact.title')}</h2>
      {rep.picture && (
        <Picture
          className="sales-rep__photo"
          src={rep.picture}
          alt={t('detail.contact.photo', { name: rep.name })}
          width={64}
          height={64}
          widths={PHOTO_LAYOUTS.thumb.widths}
          sizes="64px"
        />
      )}
      <p className="sales-rep__name">{rep.name}</p>
      <ContactLines rep={rep} phoneHrefs={phoneHrefs} t={t} />
    </div>
  );
}

interface ContactLine {
  readonly value: string | null;
  readonly href: string | null;
  readonly icon: 'phone' | 'mail';
  readonly label: string;
}

function ContactLines({ rep, phoneHrefs, t }: SalesRepProps): ReactElement {
  const all: ContactLine[] = [
    { value: rep.phone, href: phoneHrefs.phone, icon: 'phone', label: t('detail.contact.phone') },
    { value: rep.mobile, href: phoneHrefs.mobile, icon: 'phone', label: t('detail.contact.mobile') },
    { value: rep.email, href: `mailto:${rep.email}`, icon: 'mail', label: t('detail.contact.email') },
  ];
  const lines = all.filter((line): line is ContactLine & { href: string } => Boolean(line.value) && line.href !== null);
  return (
    <ul className="sales-rep__lines">
      {lines.map((line) => (
        <li key={line.href}>
          <a href={line.href}>
            <Icon name={line.icon} /> <span className="visually-hidden">{line.label}: </span>
            {line.value}
          </a>
        </li>
      ))}
    </ul>
  );
}

function VirtualVisits({ links, t }: { links: EstateDisplayModel['virtualVisits']; t: Translate }): ReactElement {
  return (
    <>
      {links.map((link) => (
        <a key={link} className="button button--ghost virtual-visit" href={link} target="_blank" rel="noopener noreferrer">
          <Icon name="visit" /> {t('detail.virtualVisit')}
        </a>
      ))}
    </>
  );
}
