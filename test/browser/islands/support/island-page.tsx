import { renderToStaticMarkup } from 'react-dom/server';
import { loadConfig } from '../../../../src/config/config.js';
import { legalIdentity } from '../../../../src/config/legal-identity.js';
import { Gallery, type GalleryPhoto, type GalleryTexts } from '../../../../views/components/gallery.js';
import { MapBlock } from '../../../../views/components/map-block.js';
import { Modal } from '../../../../views/components/modal.js';
import { ShareLinks, type ShareLink } from '../../../../views/components/share-links.js';
import { Layout } from '../../../../views/layouts/layout.js';
import type { PageContext } from '../../../../views/page-context.js';
import { renderPage } from '../../../../views/render.js';
import { fileTranslator } from '../../../support/file-translator.js';
import { DEMO_STYLESHEET, FAKE_BOT_CHECK_SCRIPT, PHOTO_SIZES, type PageRequest } from './island-server.js';

/** What the modal's danger alert says when a post fails without a message of its own. */
export const FAILURE_TEXT = 'Your message has not been sent. Please try again in a moment.';

/** The form's own validation messages (the island shows them instead of the browser's). */
export const VALIDATION_TEXTS = {
  required: 'Fill in this field, please.',
  email: 'That does not look like an email address.',
  tooLong: 'Shorter, please.',
  pattern: 'Use the format asked for.',
  checkbox: 'Tick this box, please.',
} as const;

export const GALLERY_TEXTS: GalleryTexts = {
  previous: 'Previous photo',
  next: 'Next photo',
  close: 'Close',
  play: 'Start slideshow',
  pause: 'Pause slideshow',
  thumbnails: 'Choose a photo',
  openViewer: 'View fullscreen',
  viewer: 'Photo viewer',
  loadError: 'The requested content cannot be loaded. Please try again later.',
  noPhotos: 'No photos yet',
};

/** Photo 10 loads on the third attempt; photo 11 never loads. */
export function demoPhotos(count = 12): GalleryPhoto[] {
  return Array.from({ length: count }, (_, index) => {
    const [width, height] = PHOTO_SIZES[index] ?? [1600, 1067];
    const large = index === 10 ? '/photos/flaky.jpg' : index === 11 ? '/photos/broken.jpg' : `/photos/${index}.jpg`;
    return { large, thumb: `/photos/${index}-thumb.jpg`, width, height, alt: `Villa in Gent, photo ${index + 1} of ${count}` };
  });
}

const SHARE_LINKS: ShareLink[] = [
  { network: 'facebook', href: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fimmo.test%2Fen%2Foffer%2F42', label: 'Facebook' },
  { network: 'twitter', href: 'https://twitter.com/intent/tweet?url=https%3A%2F%2Fimmo.test%2Fen%2Foffer%2F42', label: 'X' },
  { network: 'linkedin', href: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fimmo.test%2Fen%2Foffer%2F42', label: 'LinkedIn' },
  { network: 'whatsapp', href: 'https://wa.me/?text=https%3A%2F%2Fimmo.test%2Fen%2Foffer%2F42', label: 'WhatsApp' },
  { network: 'email', href: 'mailto:?subject=Villa%20in%20Gent&body=https%3A%2F%2Fimmo.test%2Fen%2Foffer%2F42', label: 'Email' },
];

export interface FormState {
  readonly errors?: Readonly<Record<string, string>>;
  readonly values?: Readonly<Record<string, string>>;
}

function Field({ form, name, label, type = 'text', state, autoComplete, textarea }: { form: string; name: string; label: string; type?: string; state: FormState; autoComplete?: string; textarea?: boolean }) {
  const error = state.errors?.[name];
  const common = {
    id: `${form}-${name}`,
    name,
    required: true,
    autoComplete,
    defaultValue: state.values?.[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${form}-${name}-error` : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={common.id}>{label}</label>
      {textarea ? <textarea {...common} rows={4} /> : <input {...common} type={type} />}
      {error && (
        <p className="field-error" id={`${form}-${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Stands in for helper E's extra-info fragment: same shape (action, fields, consent boxes, hidden token). */
export function ExtraInfoForm({ state = {} }: { state?: FormState }) {
  return (
    <form
      action="/forms/extra-info"
      method="post"
      data-bot-check-site-key="site-key"
      data-validation-required={VALIDATION_TEXTS.required}
      data-validation-email={VALIDATION_TEXTS.email}
      data-validation-too-long={VALIDATION_TEXTS.tooLong}
      data-validation-pattern={VALIDATION_TEXTS.pattern}
      data-validation-checkbox={VALIDATION_TEXTS.checkbox}
    >
      <input type="hidden" name="estateId" value="42" />
      <input type="hidden" name="g-recaptcha-response" value="" />
      <Field form="extra-info" name="name" label="Name" state={state} autoComplete="name" />
      <Field form="extra-info" name="email" label="Email" type="email" state={state} autoComplete="email" />
      <Field form="extra-info" name="message" label="Your question" state={state} textarea />
      <label htmlFor="privacy-field">
        <input type="checkbox" id="privacy-field" name="privacyConsent" value="on" data-privacy-consent="" />
        <span>
          I agree with the <a href="/privacy">privacy statement</a>.
        </span>
      </label>
      <p className="field-error" data-privacy-error="" hidden>
        Please agree with the privacy statement.
      </p>
      <label htmlFor="newsletter-field">
        <input type="checkbox" id="newsletter-field" name="newsletter" value="yes" />
        <span>Send me similar properties.</span>
      </label>
      <button type="submit" className="button">
        Send
      </button>
    </form>
  );
}

export function SendToFriendForm({ state = {} }: { state?: FormState }) {
  return (
    <form action="/forms/send-to-friend" method="post">
      <input type="hidden" name="estateId" value="42" />
      <input type="hidden" name="g-recaptcha-response" value="" />
      <Field form="send-to-friend" name="name" label="Your name" state={state} autoComplete="name" />
      <Field form="send-to-friend" name="email" label="Your email" type="email" state={state} autoComplete="email" />
      <Field form="send-to-friend" name="friendName" label="Your friend's name" state={state} />
      <Field form="send-to-friend" name="friendEmail" label="Your friend's email" type="email" state={state} />
      <button type="submit" className="button">
        Send to my friend
      </button>
    </form>
  );
}

/** What a form endpoint answers (422) when a field is wrong: the form again, with the values and the error. */
export function invalidFormFragment(path: string): string {
  const invalidEmail = 'Please enter a valid email address.';
  return path === '/forms/extra-info'
    ? renderToStaticMarkup(
        <ExtraInfoForm state={{ values: { name: 'Ann', email: 'ann@', message: 'Is the garden south-facing?' }, errors: { email: invalidEmail } }} />,
      )
    : renderToStaticMarkup(<SendToFriendForm state={{ errors: { friendEmail: invalidEmail } }} />);
}

/**
 * The detail page's islands in the real layout. Query: map=none (no coordinates), photos=N,
 * success=extra-info (the no-JS flow came back).
 */
export function renderIslandPage(manifest: Record<string, string>, { url }: PageRequest): string {
  const { t } = fileTranslator('en');
  const ctx: PageContext = {
    locale: 'en',
    t,
    site: { name: 'Immo Gent', logoUrl: `/assets/${manifest['logo.svg']}`, brandColor: '#0b5a6b', email: 'info@immo.test', phone: '+32 9 123 45 67', phoneHref: 'tel:+3291234567', legal: legalIdentity(loadConfig({})), jsonLd: '{}' },
    assets: { styles: [`/assets/${manifest['app.css']}`], scripts: [`/assets/${manifest['app.js']}`] },
    alternates: { nl: '/page', fr: '/page', en: '/page', de: '/page' },
    hreflang: [],
    canonicalUrl: 'http://immo.test/en/offer/42',
    nav: { home: '/page', favorites: '/page#favorites', subscribe: '/page#subscribe', privacy: '/page#privacy', terms: '/page#terms', cookieSettings: '/page#cookies', holidays: '/page#holidays', contact: '/page#contact' },
    consentAction: '/consent',
    currentPath: '/page',
    currentUrl: '/page',
  };
  const withoutMap = url.searchParams.get('map') === 'none';
  const photos = demoPhotos(Number(url.searchParams.get('photos') ?? 12));
  // Like the app's pages: no inline style or script (the server's CSP refuses them), only files.
  const head = (
    <>
      <link rel="stylesheet" href={DEMO_STYLESHEET} />
      <script src={FAKE_BOT_CHECK_SCRIPT} />
    </>
  );
  return renderPage(
    <Layout ctx={ctx} title="Villa for sale in Gent" description="A villa with a garden in Gent." head={head}>
      <div className="container">
        <p className="demo-crumbs">Villa · For sale · Ref. 2024-042</p>
        <div className="demo-heading">
          <h1>Villa with garden in 9000 Gent</h1>
          <p className="demo-price">€ 645.000</p>
        </div>
        <Gallery photos={photos} texts={GALLERY_TEXTS} label="Photos of the villa" />
        <div className="demo-columns">
          <div>
            <h2>Description</h2>
            <p>
              A bright family villa on a quiet street, five minutes from the centre of Gent. Living room with garden view, open kitchen, four
              bedrooms and two bathrooms, a south-facing garden and a double garage.
            </p>
            <MapBlock
              title="Location"
              address="Kouter 12, 9000 Gent"
              lat={withoutMap ? null : 51.0503}
              lon={withoutMap ? null : 3.7223}
              tileUrl="/tiles/{z}/{x}/{y}.png"
              attribution="&copy; Test tiles"
              mapLabel="Map of Kouter 12, 9000 Gent"
              zoomInTitle="Zoom the map in"
              zoomOutTitle="Zoom the map out"
            />
            {withoutMap && <div id="bare-map-island" data-island="map" data-props="{}" />}
            <ShareLinks title="Share this property" links={SHARE_LINKS} />
          </div>
          <aside className="demo-contact" aria-labelledby="contact-title">
            <h2 id="contact-title">Interested?</h2>
            <p>Sara Peeters, your contact for this property</p>
            <Modal
              id="extra-info"
              title="Ask for more information"
              openLabel="Ask for more information"
              closeLabel="Close"
              successText="Thank you, we will contact you soon."
              failureText={FAILURE_TEXT}
              successVisible={url.searchParams.get('sent') === 'extra-info'}
            >
              <ExtraInfoForm />
            </Modal>
            <Modal
              id="send-to-friend"
              title="Send to a friend"
              openLabel="Send to a friend"
              closeLabel="Close"
              successText="Your friend will receive this property by email."
              failureText={FAILURE_TEXT}
            >
              <SendToFriendForm />
            </Modal>
          </aside>
        </div>
      </div>
    </Layout>,
  );
}
