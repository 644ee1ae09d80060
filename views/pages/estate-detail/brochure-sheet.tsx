import type { ReactElement } from 'react';
import type { DisplayField } from '../../../src/estates/display/display-field.js';
import type { EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import { PHOTO_LAYOUTS } from '../../../src/estates/images/image-variants.js';
import { Icon } from '../../components/icon.js';
import { LegalIdentityBlock } from '../../components/legal-identity-block.js';
import { Picture } from '../../components/picture.js';
import { GALLERY_SIZES, type GalleryPhoto } from '../../components/gallery.js';
import type { PageContext } from '../../page-context.js';
import { FieldList } from './field-list.js';

/**
 * The parts of the detail page that only paper shows (client/styles/print.css): the agency's masthead, the first
 * photos as plain server-rendered pictures (the gallery is a slider once its island runs, and its grid photos load
 * lazily), and the agent with a QR code back to the listing. The rest of the brochure is the page itself.
 */
export interface BrochureProps {
  /** The listing's canonical URL in the page's locale: what the QR code holds and the paper prints. */
  readonly url: string;
  /** The QR code of `url`, inline SVG drawn on the server (src/detail/listing-qr.ts). */
  readonly qrSvg: string;
  /** The photos printed: the gallery's first four. */
  readonly photos: readonly GalleryPhoto[];
  /** The features printed (src/estates/display `brochureFacts`): year built, heating, garden, garage… */
  readonly facts: readonly DisplayField[];
}

/**
 * The smaller photos are printed about 4 cm wide: the 320 px variant is sharp there, and it is the one the gallery's
 * thumbnail strip loads on a phone, so a screen pays little for photos it does not show.
 */
const SIDE_PHOTO_SIZES = '320px';

type Translate = PageContext['t'];

/** The agency at the top of the paper: the site header (navigation, language switcher) does not print. */
export function BrochureMasthead({ ctx }: { ctx: PageContext }): ReactElement {
  const { site } = ctx;
  return (
    <div className="brochure-masthead print-only">
      <img className="brochure-masthead__logo" src={site.logoUrl} alt="" width="40" height="40" />
      <p className="brochure-masthead__name">{site.name}</p>
      <p className="brochure-masthead__contact">
        {site.phone} · {site.email}
      </p>
    </div>
  );
}

/**
 * The first photos for paper. Loaded with the page (not lazily): a hidden lazy image never loads, and printing
 * does not wait for one. The large one is the gallery's own first photo in the same sizes, so the browser has it.
 */
export function BrochurePhotos({ photos, title, t }: { photos: BrochureProps['photos']; title: string; t: Translate }): ReactElement | null {
  const [lead, ...side] = photos;
  if (!lead) return null;
  return (
    <div className={`brochure-photos brochure-photos--${photos.length} print-only`} role="group" aria-label={t('brochure.sheet.photos', { title })}>
      <div className="brochure-photos__lead">
        <Picture
          src={lead.large}
          alt={lead.alt}
          width={lead.width}
          height={lead.height}
          widths={PHOTO_LAYOUTS.gallery.widths}
          sizes={GALLERY_SIZES.slide}
          loading="eager"
          fetchPriority="low"
        />
      </div>
      {side.map((photo) => (
        <div className="brochure-photos__side" key={photo.large}>
          <Picture
            src={photo.large}
            alt={photo.alt}
            width={PHOTO_LAYOUTS.thumb.width}
            height={PHOTO_LAYOUTS.thumb.height}
            widths={PHOTO_LAYOUTS.thumb.widths}
            sizes={SIDE_PHOTO_SIZES}
            loading="eager"
            fetchPriority="low"
          />
        </div>
      ))}
    </div>
  );
}

/**
 * The features on paper, in two columns after the description: the screen's feature groups are too long for a page,
 * so the brochure has a selection of their rows (the rooms per floor print in their own section after it).
 */
export function BrochureFeatures({ facts, t }: { facts: BrochureProps['facts']; t: Translate }): ReactElement | null {
  if (facts.length === 0) return null;
  return (
    <section className="detail-section brochure-features print-only" id="brochure-features" aria-labelledby="brochure-features-title">
      <h2 id="brochure-features-title">{t('detail.details')}</h2>
      <FieldList fields={facts} />
    </section>
  );
}

/** The agent and the agency to call, and the QR code back to the listing, at the end of the paper. */
export function BrochureContact({
  ctx,
  salesRep,
  brochure,
}: {
  ctx: PageContext;
  salesRep: EstateDisplayModel['salesRep'];
  brochure: BrochureProps;
}): ReactElement {
  const { t, site } = ctx;
  const repLines = salesRep ? [salesRep.phone, salesRep.mobile, salesRep.email].filter((line): line is string => Boolean(line)) : [];
  return (
    <section className="brochure-contact print-only" aria-labelledby="brochure-contact-title">
      <div className="brochure-contact__people">
        <h2 id="brochure-contact-title">{t('brochure.sheet.agent')}</h2>
        {salesRep && (
          <p className="brochure-contact__rep">
            <strong>{salesRep.name}</strong>
            {repLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </p>
        )}
        <p className="brochure-contact__agency">
          <strong>{site.name}</strong>
          <span>{site.phone}</span>
          <span>{site.email}</span>
        </p>
        <p className="brochure-contact__online">
          {t('brochure.sheet.online')} <span className="brochure-contact__url">{brochure.url}</span>
        </p>
        <LegalIdentityBlock ctx={ctx} className="brochure-contact__legal" />
      </div>
      <div className="brochure-qr">
        <div className="brochure-qr__box" dangerouslySetInnerHTML={{ __html: brochure.qrSvg }} />
        <p className="brochure-qr__caption">{t('brochure.sheet.qr')}</p>
      </div>
    </section>
  );
}

/**
 * Prints the page as a brochure. With JavaScript the print-button island opens the browser's print dialog; without
 * it the link opens the hint below, which says how (the browser's own print gives the same brochure: the print
 * stylesheet does the work, so no second page is needed).
 */
export function PrintButton({ t }: { t: Translate }): ReactElement {
  return (
    <div className="print-tool">
      <a className="button button--ghost print-tool__button" href="#print-hint" data-island="print-button">
        <Icon name="print" /> {t('brochure.print.button')}
      </a>
      <div className="print-tool__hint" id="print-hint" tabIndex={-1}>
        <p>
          <strong>{t('brochure.print.hintTitle')}</strong> {t('brochure.print.hint')}
        </p>
      </div>
    </div>
  );
}
