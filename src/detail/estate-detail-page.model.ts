import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { InquiryFormProps } from '../../views/fragments/inquiry-forms.js';
import type { DetailPageModel } from '../../views/pages/estate-detail-page.js';
import type { PurchaseCostSectionModel } from '../../views/pages/estate-detail/purchase-cost-section.js';
import { AppConfig } from '../config/config.js';
import { cacheEntries } from '../config/memory-budget.js';
import type { FormState } from '../forms/form-view.js';
import { stickerClass } from '../theme/theme-css.js';
import { estatePath } from '../estates/domain/slug.js';
import { telHref } from '../estates/display/contact-links.js';
import { brochureFacts, type DisplayTab, type EstateDisplayModel, tabsBesidePurchaseCost, toDisplayModel } from '../estates/display/estate-display.js';
import { documentsOf } from '../estates/display/documents.js';
import { proxiedImageUrl } from '../estates/sources/image-url.js';
import { ListingQrCodes } from './listing-qr.js';
import { historyLines } from '../estates/display/price-history.js';
import type { Translator } from '../i18n/translator.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { openGraphImage } from '../estates/images/image-variants.js';
import { breadcrumbJsonLd } from '../seo/breadcrumbs.js';
import { listingBreadcrumb } from '../search/listing-breadcrumb.js';
import { jsonForScript, listingJsonLd, listingTitle, shareMeta } from '../seo/structured-data.js';
import { EstateDetailService, type FoundEstate, SIMILAR_ESTATES_SHOWN } from './estate-detail.service.js';
import { purchaseCostSection, type PurchaseCostState } from './purchase-cost-section.model.js';

/** The demo photos are 3:2; CRM photos are shown in the same box (object-fit), so the page never shifts. */
const PHOTO_WIDTH = 1600;
const PHOTO_HEIGHT = 1067;
const DESCRIPTION_LENGTH = 155;
/** Photos on the printed brochure: one large and three beside it fill the top of an A4 page (print.css). */
const BROCHURE_PHOTOS = 4;
/**
 * Page models kept: the listings visitors are looking at now, in their languages. ~30 KB each (the display model's
 * labels and values, the islands' props, the structured data), as many as fit in the object caches' share of the
 * memory budget up to 300 (~9 MB), which a budget of ~285 MB already gives.
 */
const MODEL_BYTES = 30 * 1024;
const BUILT_MODELS = { min: 20, max: 300 };

export type InquiryKind = 'extra-info' | 'send-to-friend';
export type SentForm = InquiryKind | null;

/** A form to show open and filled in again (a post without JavaScript that needs corrections). */
export interface OpenForm {
  readonly kind: InquiryKind;
  readonly state: FormState;
}

/**
 * The feature groups shown as sections. Energy and town planning have sections of their own with the same
 * fields (and the EPC bar, the flood warning); floors and rooms too when the listing has rooms. Each shows once.
 */
export function featureGroups(display: Pick<EstateDisplayModel, 'tabs' | 'layout'>, purchaseCost: PurchaseCostSectionModel | null = null): DisplayTab[] {
  const own = new Set<string>(['epc', 'planning', ...(display.layout.length > 0 ? ['layout'] : [])]);
  const groups = display.tabs.filter((tab) => !own.has(tab.name));
  // Where the purchase-cost block computes the costs, the CRM's own cost rows would contradict it.
  return purchaseCost && !purchaseCost.unavailable ? tabsBesidePurchaseCost(groups) : groups;
}

function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
}

function summary(text: string): string {
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}

/** Builds the detail page's view model: display model, islands' props, forms, SEO. */
@Injectable()
export class EstateDetailPageModels {
  private readonly built: LRUCache<string, Promise<DetailPageModel>>;
  private readonly qrCodes: ListingQrCodes;

  constructor(
    private readonly details: EstateDetailService,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.built = new LRUCache<string, Promise<DetailPageModel>>({ max: cacheEntries(config, MODEL_BYTES, BUILT_MODELS) });
    this.qrCodes = new ListingQrCodes(config);
  }

  async displayModel(found: FoundEstate, locale: Locale): Promise<EstateDisplayModel> {
    const t = this.translations.forLocale(locale);
    return toDisplayModel(found.estate, t, {
      hiddenTabs: await this.details.hiddenTabs(),
      planningInfoUrl: this.config.AGENCY_PLANNING_INFO_URL ?? null,
      pathFor: (unit, project) => estatePath(unit, t, project),
    });
  }

  /**
   * The page's whole view model. Without an open form it is a pure function of the listing's version (content and
   * settings), the locale and the thank-you notice, so it is built once per version (like the page's ETag).
   */
  async pageModel(found: FoundEstate, locale: Locale, sent: SentForm, form?: OpenForm): Promise<DetailPageModel> {
    if (form) return this.buildPageModel(found, locale, sent, form);
    const key = `${found.version}\u0000${locale}\u0000${sent ?? ''}`;
    let model = this.built.get(key);
    if (!model) {
      model = this.buildPageModel(found, locale, sent);
      this.built.set(key, model);
      // A failed build (database away for the hidden tabs) is not remembered.
      model.catch(() => this.built.delete(key));
    }
    return model;
  }

  /** The page with its purchase-cost block recomputed for the visitor's choices (the shared model is not changed). */
  async pageModelWithPurchaseCost(found: FoundEstate, locale: Locale, state: PurchaseCostState): Promise<DetailPageModel> {
    return {
      ...(await this.pageModel(found, locale, null)),
      purchaseCost: purchaseCostSection(found.estate, locale, this.translations.forLocale(locale), state),
      purchaseCostIsDefault: false,
    };
  }

  private async buildPageModel(found: FoundEstate, locale: Locale, sent: SentForm, form?: OpenForm): Promise<DetailPageModel> {
    const t = this.translations.forLocale(locale);
    const [display, events] = await Promise.all([this.displayModel(found, locale), this.details.history(found)]);
    const url = this.details.absoluteUrl(found.paths[locale]);
    // Already sanitized by the display model, the same as /ajax/estate serves.
    const descriptionHtml = display.descriptionHtml;
    const description = summary(plainText(descriptionHtml)) || `${display.typeLabel} – ${display.address.lines.join(', ')}`;
    const images = display.pictures.map((picture) => this.details.absoluteUrl(picture.large));
    const projectPath = found.project ? estatePath(found.project, t) : null;
    const projectTitle = found.project ? toDisplayModel(found.project, t).title : null;
    const seoTitle = listingTitle({ name: display.title, city: display.address.city, priceText: display.priceText, projectName: projectTitle });
    const breadcrumb = listingBreadcrumb(
      {
        locale,
        forRent: display.forRent,
        city: display.address.city,
        name: display.title,
        path: found.paths[locale],
        project: projectPath && projectTitle ? { name: projectTitle, path: projectPath } : null,
      },
      t,
    );
    const first = display.pictures[0];
    const ogImage = first ? openGraphImage(this.details.absoluteUrl(first.large), { width: PHOTO_WIDTH, height: PHOTO_HEIGHT }) : null;
    const { sticker } = display;
    const phone = display.salesRep?.mobile || display.salesRep?.phone || this.config.AGENCY_PHONE;
    const photos = display.pictures.map((picture) => ({ ...picture, width: PHOTO_WIDTH, height: PHOTO_HEIGHT }));
    const email = display.salesRep?.email || this.config.AGENCY_EMAIL;
    const purchaseCost = purchaseCostSection(found.estate, locale, t);
    return {
      display,
      descriptionHtml,
      features: featureGroups(display, purchaseCost),
      purchaseCost,
      purchaseCostIsDefault: true,
      actions: {
        label: t.t('detail.actions.label'),
        call: phone ? { href: telHref(phone), text: t.t('detail.actions.call') } : null,
        email: email ? { href: `mailto:${email}`, text: t.t('detail.actions.email') } : null,
        ask: { href: '#extra-info-dialog', dialogId: 'extra-info-dialog', text: t.t('detail.actions.ask') },
      },
      salesRepPhones: {
        phone: display.salesRep?.phone ? telHref(display.salesRep.phone) : null,
        mobile: display.salesRep?.mobile ? telHref(display.salesRep.mobile) : null,
      },
      stickerClass: sticker?.color && sticker.colorText ? stickerClass({ color: sticker.color, colorText: sticker.colorText }) : null,
      gallery: {
        label: t.t('detail.gallery.label', { title: display.title }),
        photos,
        texts: {
          previous: t.t('detail.gallery.previous'),
          next: t.t('detail.gallery.next'),
          close: t.t('detail.gallery.close'),
          play: t.t('detail.gallery.play'),
          pause: t.t('detail.gallery.pause'),
          thumbnails: t.t('detail.gallery.thumbnails'),
          openViewer: t.t('detail.gallery.openViewer'),
          viewer: t.t('detail.gallery.viewer'),
          loadError: t.t('detail.gallery.loadError'),
          noPhotos: t.t('detail.gallery.noPhotos'),
        },
      },
      map: {
        title: t.t('detail.map.title'),
        address: display.address.lines.join(', '),
        lat: display.map?.lat ?? null,
        lon: display.map?.lon ?? null,
        tileUrl: this.config.MAP_TILE_URL,
        attribution: this.config.MAP_TILE_ATTRIBUTION,
        mapLabel: t.t('detail.map.label', { title: display.title }),
        zoomInTitle: t.t('detail.map.zoomIn'),
        zoomOutTitle: t.t('detail.map.zoomOut'),
      },
      share: { title: t.t('detail.share.title'), links: this.shareLinks(url, display.title, t) },
      project: projectPath && projectTitle ? { title: projectTitle, path: projectPath } : null,
      breadcrumb,
      documents: documentsOf(found.estate.files, t, { absoluteUrl: (path) => this.details.absoluteUrl(path), proxiedImage: (link) => proxiedImageUrl(link) }),
      // The QR code depends on the URL only; it is kept with this model (and the page in the render cache).
      brochure: { url, qrSvg: await this.qrCodes.svg(url), photos: photos.slice(0, BROCHURE_PHOTOS), facts: brochureFacts(display.tabs) },
      priceHistory: historyLines(found.estate, events, t),
      forms: {
        extraInfo: this.formProps('extra-info', found, locale, form?.kind === 'extra-info' ? form.state : undefined),
        sendToFriend: this.formProps('send-to-friend', found, locale, form?.kind === 'send-to-friend' ? form.state : undefined),
        sent,
        open: form?.kind ?? null,
      },
      similar: {
        title: t.t('detail.similar.title'),
        loading: t.t('detail.similar.loading'),
        url: urlFor('ajaxSimilarEstates', locale, { estateId: found.estate.id }),
        count: SIMILAR_ESTATES_SHOWN,
      },
      seo: {
        title: seoTitle,
        description,
        breadcrumbJsonLd: jsonForScript(breadcrumbJsonLd(breadcrumb.crumbs, (path) => this.details.absoluteUrl(path))),
        jsonLd: jsonForScript(
          listingJsonLd({
            url,
            name: display.title,
            description,
            images,
            price: display.priceAmount,
            forRent: display.forRent,
            available: display.available,
            datePosted: display.updatedAt,
            address: { street: display.address.street, zip: display.address.zip, city: display.address.city, country: display.address.country },
            geo: display.map,
            priceTerms: display.priceTerms,
            partOf: projectPath && projectTitle ? { name: projectTitle, url: this.details.absoluteUrl(projectPath) } : null,
          }),
        ),
        share: shareMeta({
          url,
          title: seoTitle,
          description,
          image: ogImage && first ? { url: ogImage.url, width: ogImage.width, height: ogImage.height, alt: first.alt } : null,
          siteName: this.config.AGENCY_NAME,
          locale,
        }),
      },
    };
  }

  private shareLinks(url: string, title: string, t: Translator): DetailPageModel['share']['links'] {
    const encodedUrl = encodeURIComponent(url);
    const text = encodeURIComponent(title);
    return [
      { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`, label: t.t('detail.share.facebook') },
      { network: 'twitter', href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${text}`, label: t.t('detail.share.twitter') },
      { network: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`, label: t.t('detail.share.linkedin') },
      { network: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, label: t.t('detail.share.whatsapp') },
      {
        network: 'email',
        href: `mailto:?subject=${encodeURIComponent(t.t('detail.share.emailSubject', { title }))}&body=${encodedUrl}`,
        label: t.t('detail.share.email'),
      },
    ];
  }

  /** A form's props, with what the visitor typed and the localized errors when it comes back refused. */
  formProps(kind: InquiryKind, found: FoundEstate, locale: Locale, state?: FormState): InquiryFormProps {
    const t = this.translations.forLocale(locale);
    const text = (name: string): string => {
      const value = state?.values[name];
      return typeof value === 'string' ? value : '';
    };
    const fields = state
      ? Object.fromEntries(
          ['name', 'email', 'phone', 'message', 'friendName', 'friendEmail', 'privacyConsent'].map((name) => [
            name,
            { value: text(name), error: state.errors[name] ? t.t(state.errors[name]!) : undefined },
          ]),
        )
      : undefined;
    return {
      kind,
      action: urlFor(kind === 'extra-info' ? 'ajaxContactForm' : 'ajaxSendToFriend', locale),
      estateId: found.estate.id,
      privacyUrl: urlFor('privacy', locale),
      botCheck: this.config.botCheckClient,
      fields,
      consentChecked: state ? text('privacyConsent') !== '' : undefined,
      errorSummary: state && Object.keys(state.errors).length > 0 ? t.t('forms.errors.summary') : undefined,
      texts: {
        name: t.t('forms.name'),
        email: t.t('forms.email'),
        phone: t.t('forms.phone'),
        message: t.t('forms.message'),
        friendName: t.t('forms.friendName'),
        friendEmail: t.t('forms.friendEmail'),
        privacyConsent: t.t('forms.privacyConsent'),
        privacyLink: t.t('forms.privacyLink'),
        privacyError: t.t('forms.privacyError'),
        submit: t.t('forms.submit'),
        required: t.t('forms.required'),
        validation: {
          required: t.t('forms.validation.required'),
          email: t.t('forms.validation.email'),
          tooLong: t.t('forms.validation.tooLong'),
          pattern: t.t('forms.validation.pattern'),
          checkbox: t.t('forms.validation.checkbox'),
        },
      },
    };
  }
}
