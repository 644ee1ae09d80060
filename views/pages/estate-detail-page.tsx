import type { ReactElement } from 'react';
import type { Breadcrumb as BreadcrumbModel } from '../../src/seo/breadcrumbs.js';
import { Breadcrumb } from '../components/breadcrumb.js';
import type { DisplayTab, EnergyBlock, EstateDisplayModel } from '../../src/estates/display/estate-display.js';
import { PHOTO_LAYOUTS } from '../../src/estates/images/image-variants.js';
import type { ShareMeta } from '../../src/seo/structured-data.js';
import { ActionBar, type ActionBarProps } from '../components/action-bar.js';
import { favoriteToggleFor } from '../components/favorite-toggle.js';
import { Gallery, type GalleryProps } from '../components/gallery.js';
import { Icon } from '../components/icon.js';
import { MapBlock, type MapBlockProps } from '../components/map-block.js';
import { Modal } from '../components/modal.js';
import { Picture } from '../components/picture.js';
import { ShareLinks, type ShareLinksProps } from '../components/share-links.js';
import { InquiryForm, type InquiryFormProps } from '../fragments/inquiry-forms.js';
import { SimilarEstatesPlaceholder, type SimilarEstatesPlaceholderProps } from '../fragments/similar-estates.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export interface DetailPageModel {
  readonly display: EstateDisplayModel;
  /** The description, already cleaned by the server's allow-list sanitizer. */
  readonly descriptionHtml: string;
  readonly gallery: GalleryProps;
  /**
   * The feature groups, each shown once as a section: groups that have a section of their own (energy,
   * town planning, floors and rooms) are left out.
   */
  readonly features: readonly DisplayTab[];
  /** Call, e-mail, ask: the bar at the bottom of a phone's screen. */
  readonly actions: ActionBarProps;
  readonly map: MapBlockProps;
  readonly share: ShareLinksProps;
  readonly project: { readonly title: string; readonly path: string } | null;
  /** The sticker's class in the theme stylesheet (pages carry no style attributes). */
  readonly stickerClass: string | null;
  readonly forms: {
    readonly extraInfo: InquiryFormProps;
    /** null where the form is not offered (production without a bot check). */
    readonly sendToFriend: InquiryFormProps | null;
    /** Which form was just sent without JavaScript (Post/Redirect/Get), to show its thank-you. */
    readonly sent: 'extra-info' | 'send-to-friend' | null;
    /** The form shown open, filled in again with its messages (a post without JavaScript that was refused). */
    readonly open: 'extra-info' | 'send-to-friend' | null;
  };
  readonly similar: SimilarEstatesPlaceholderProps;
  /** The bot-check provider's script, when a site key is configured (the forms ask it for a token). */
  readonly seo: {
    readonly title: string;
    readonly description: string;
    readonly jsonLd: string;
    /** BreadcrumbList of `breadcrumb`, ready for a script element. */
    readonly breadcrumbJsonLd: string;
    readonly share: ShareMeta;
  };
  /** Home → search → (project →) this listing: shown above the title. */
  readonly breadcrumb: BreadcrumbModel;
}

function FieldList({ fields }: { fields: DisplayTab['fields'] }): ReactElement {
  return (
    <dl className="field-list">
      {fields.map((field) => (
        <div className="field-list__row" key={field.code} data-field={field.code}>
          <dt lang={field.labelLang}>{field.label}</dt>
          <dd lang={field.lang}>{field.text}</dd>
        </div>
      ))}
    </dl>
  );
}

function Energy({ block, title, barLabel }: { block: EnergyBlock; title?: string; barLabel: string }): ReactElement {
  return (
    <div className="energy">
      {title && <h3>{title}</h3>}
      <div className="energy__summary">
        {block.label && <span className={`energy-label energy-label--${block.label.charAt(0).toLowerCase()}`}>{block.label}</span>}
        {block.valueText && <span className="energy__value">{block.valueText}</span>}
      </div>
      {block.barPercent > 0 && (
        <div className="epc-bar" role="img" aria-label={`${barLabel}: ${block.valueText ?? ''}`}>
          {/* The marker's position is an SVG attribute: the CSP allows no style attributes. */}
          <svg className="epc-bar__marker" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <line x1={block.barPercent} x2={block.barPercent} y1="0" y2="10" vectorEffect="non-scaling-stroke" />
          </svg>
        </div>
      )}
      {block.customLabel && <p className="energy__note">{block.customLabel}</p>}
      <FieldList fields={block.fields} />
    </div>
  );
}

/**
 * What the listing's region requires an advertisement to say (the display model decides it): the heritage
 * notice, the energy mention, a rental's charges and the Flemish flood scores, near the top of the page.
 */
function RegionMentions({ mentions, t }: { mentions: EstateDisplayModel['regionRules']; t: PageContext['t'] }): ReactElement | null {
  const { energy, charges, flood, heritage } = mentions;
  if (!heritage && energy.lines.length === 0 && !charges && !flood) return null;
  return (
    <section className="region-mentions" aria-labelledby="region-mentions-title" data-region-mentions="">
      <h2 id="region-mentions-title" className="visually-hidden">
        {t('display.regionRules.title')}
      </h2>
      {heritage && (
        <p className="region-mentions__heritage" data-mention="heritage">
          <Icon name="warning" /> {heritage}
        </p>
      )}
      {energy.lines.length > 0 && (
        <dl className="region-mentions__energy" data-mention="energy">
          {energy.lines.map((line) => (
            <div key={line.code} data-field={line.code}>
              <dt>{line.label}</dt>
              <dd>{line.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {charges && (
        <p className="region-mentions__charges" data-mention="charges">
          {charges}
        </p>
      )}
      {flood && (
        <p className="region-mentions__flood" data-mention="flood">
          {flood.symbol && (
            <span className="flooding-warning">
              <Icon name="warning" /> <span>{t('display.regionRules.flood.symbol')}</span>
            </span>
          )}{' '}
          <span>
            {t('display.regionRules.flood.title')}: {flood.text}
          </span>
        </p>
      )}
    </section>
  );
}

function PlanningMention({ planning, t }: { planning: NonNullable<EstateDisplayModel['regionRules']['planning']>; t: PageContext['t'] }): ReactElement {
  return (
    <div className="planning-mention" data-mention="planning">
      {planning.questions.length > 0 && (
        <dl className="field-list">
          {planning.questions.map((question) => (
            <div className="field-list__row" key={question.code} data-field={`rule.${question.code}`}>
              <dt>{question.label}</dt>
              <dd>{question.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {planning.infoUrl && (
        <p>
          <a href={planning.infoUrl} rel="noopener noreferrer" target="_blank">
            {t('display.regionRules.planning.infoLink')}
          </a>{' '}
          {t('display.regionRules.planning.paperCopy')}
        </p>
      )}
    </div>
  );
}

/** The features as a plain list of sections: short facts read faster all at once than behind tabs. */
function Features({ title, groups }: { title: string; groups: readonly DisplayTab[] }): ReactElement | null {
  if (groups.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="features-title">
      <h2 id="features-title">{title}</h2>
      {groups.map((group) => (
        <section key={group.name} id={`features-${group.name}`} className="feature-group" aria-labelledby={`features-${group.name}-title`}>
          <h3 id={`features-${group.name}-title`}>{group.title}</h3>
          <FieldList fields={group.fields} />
        </section>
      ))}
    </section>
  );
}

function ContactLines({ rep, t }: { rep: NonNullable<EstateDisplayModel['salesRep']>; t: PageContext['t'] }): ReactElement {
  const lines = [
    { value: rep.phone, href: `tel:${rep.phone?.replace(/\s+/g, '')}`, icon: 'phone' as const, label: t('detail.contact.phone') },
    { value: rep.mobile, href: `tel:${rep.mobile?.replace(/\s+/g, '')}`, icon: 'phone' as const, label: t('detail.contact.mobile') },
    { value: rep.email, href: `mailto:${rep.email}`, icon: 'mail' as const, label: t('detail.contact.email') },
  ].filter((line) => line.value);
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

export function EstateDetailPage({ ctx, model }: { ctx: PageContext; model: DetailPageModel }): ReactElement {
  const { display } = model;
  const t = ctx.t;
  const head = (
    <>
      {model.seo.share.openGraph.map((meta) => (
        <meta key={meta.property} property={meta.property} content={meta.content} />
      ))}
      {model.seo.share.twitter.map((meta) => (
        <meta key={meta.name} name={meta.name} content={meta.content} />
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: model.seo.jsonLd }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: model.seo.breadcrumbJsonLd }} />
    </>
  );
  const planningFields = display.planning.fields;
  const planningMention = display.regionRules.planning && (display.regionRules.planning.questions.length > 0 || display.regionRules.planning.infoUrl) ? display.regionRules.planning : null;
  const failureText = t('detail.modal.failed');
  return (
    <Layout ctx={ctx} title={model.seo.title} description={model.seo.description} head={head} bottomBar={<ActionBar {...model.actions} />}>
      <article className="container estate-detail" data-estate-id={display.id}>
        <header className="estate-detail__header">
          <Breadcrumb {...model.breadcrumb} />
          <div className="estate-detail__badges">
            <span className={`status-badge${display.available ? '' : ' status-badge--closed'}`}>{display.statusLabel}</span>
            {display.sticker && (
              <span className={model.stickerClass ? `sticker ${model.stickerClass}` : 'sticker'} lang={display.sticker.textLang}>
                {display.sticker.text}
              </span>
            )}
          </div>
          <div className="estate-detail__title">
            <h1 lang={display.titleLang}>{display.title}</h1>
            {favoriteToggleFor(ctx, display.id)}
          </div>
          <p className="estate-detail__address">
            <Icon name="pin" /> {display.address.lines.join(', ')}
          </p>
          <p className="estate-detail__price">{display.priceText}</p>
          {display.keyFacts.length > 0 && (
            <ul className="key-facts" aria-label={t('detail.keyFacts')}>
              {display.keyFacts.map((fact) => (
                <li key={fact.code}>
                  <span className="key-facts__value">{fact.text}</span>
                  <span className="key-facts__label">{fact.label}</span>
                </li>
              ))}
            </ul>
          )}
        </header>

        <RegionMentions mentions={display.regionRules} t={t} />

        <Gallery {...model.gallery} />

        <div className="estate-detail__body">
          <div className="estate-detail__main">
            {model.descriptionHtml && (
              <section className="detail-section" aria-labelledby="description-title">
                <h2 id="description-title">{t('detail.description')}</h2>
                <div className="prose" lang={display.descriptionLang} dangerouslySetInnerHTML={{ __html: model.descriptionHtml }} />
              </section>
            )}

            {display.videos.length > 0 && (
              <section className="detail-section" aria-labelledby="videos-title">
                <h2 id="videos-title">{t('detail.videos')}</h2>
                <ul className="video-links">
                  {display.videos.map((video) => (
                    <li key={video.href}>
                      <a className="button button--ghost" href={video.href} target="_blank" rel="noopener noreferrer">
                        <Icon name="play" /> {video.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {display.units.length > 0 && (
              <section className="detail-section" aria-labelledby="units-title">
                <h2 id="units-title">{t('detail.units.title')}</h2>
                <div className="table-scroll">
                  <table className="units-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('detail.units.unit')}</th>
                        <th scope="col">{t('detail.units.status')}</th>
                        <th scope="col">{t('detail.units.bedrooms')}</th>
                        <th scope="col">{t('detail.units.area')}</th>
                        <th scope="col">{t('detail.units.price')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {display.units.map((unit) => (
                        <tr key={unit.id} className={unit.available ? undefined : 'is-closed'}>
                          <th scope="row">
                            <a href={unit.path} lang={unit.titleLang}>
                              {unit.title}
                            </a>
                          </th>
                          <td>{unit.statusLabel}</td>
                          <td>{unit.bedroomsText}</td>
                          <td>{unit.areaText}</td>
                          <td>{unit.priceText}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            )}

            <Features title={t('detail.details')} groups={model.features} />

            {display.layout.length > 0 && (
              <section className="detail-section" id="layout" aria-labelledby="layout-title">
                <h2 id="layout-title">{t('detail.layout')}</h2>
                <div className="floors">
                  {display.layout.map((floor) => (
                    <div className="floor" key={floor.title}>
                      <h3>{floor.title}</h3>
                      <ul>
                        {floor.rooms.map((room, index) => (
                          <li key={index}>
                            <span>
                              {room.countText && `${room.countText} `}
                              {room.label}
                            </span>
                            {room.surfaceText && <span className="floor__surface">{room.surfaceText}</span>}
                            {room.comment && <span className="floor__comment">{room.comment}</span>}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              </section>
            )}

            {(display.energy || display.sharedEnergy) && (
              <section className="detail-section" id="energy" aria-labelledby="energy-title">
                <h2 id="energy-title">{t('detail.energy')}</h2>
                {display.energy && <Energy block={display.energy} barLabel={t('detail.epcBar')} />}
                {display.sharedEnergy && <Energy block={display.sharedEnergy} title={t('detail.sharedEnergy')} barLabel={t('detail.epcBar')} />}
              </section>
            )}

            {(planningFields.length > 0 || planningMention) && (
              <section className="detail-section" id="planning" aria-labelledby="planning-title">
                <h2 id="planning-title">{t('detail.planning')}</h2>
                {(display.planning.floodingIcon.building || display.planning.floodingIcon.parcel) && (
                  <p className="flooding-warning">
                    <Icon name="warning" /> {t('detail.floodingWarning')}
                  </p>
                )}
                {planningMention && <PlanningMention planning={planningMention} t={t} />}
                {planningFields.length > 0 && <FieldList fields={planningFields} />}
              </section>
            )}

            {display.buildTechnicals.length > 0 && (
              <section className="detail-section" aria-labelledby="technicals-title">
                <h2 id="technicals-title">{t('detail.buildTechnicals')}</h2>
                <dl className="field-list">
                  {display.buildTechnicals.map((item, index) => (
                    <div className="field-list__row" key={index}>
                      <dt>{item.criteria}</dt>
                      <dd>
                        {item.value}
                        {item.comment && <span className="field-list__comment"> ({item.comment})</span>}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}

            {(display.facilities.length > 0 || display.environment) && (
              <section className="detail-section" aria-labelledby="facilities-title">
                <h2 id="facilities-title">{t('detail.facilities')}</h2>
                {display.environment && (
                  <p>
                    {t('detail.environment')}: {display.environment}
                  </p>
                )}
                {display.facilities.length > 0 && (
                  <ul className="chips">
                    {display.facilities.map((facility) => (
                      <li key={facility}>{facility}</li>
                    ))}
                  </ul>
                )}
              </section>
            )}

            {display.files.length > 0 && (
              <section className="detail-section" aria-labelledby="files-title">
                <h2 id="files-title">{t('detail.files')}</h2>
                <ul className="file-list">
                  {display.files.map((file) => (
                    <li key={file.href}>
                      <a href={file.href} rel="noopener noreferrer">
                        <Icon name="document" /> {file.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <MapBlock {...model.map} />
          </div>

          <aside className="estate-detail__aside" id="contact">
            <div className="contact-card">
              <p className="contact-card__price">{display.priceText}</p>
              {display.reference && <p className="contact-card__reference">{t('detail.reference', { reference: display.reference })}</p>}
              {display.salesRep && (
                <div className="sales-rep">
                  <h2 className="sales-rep__title">{t('detail.contact.title')}</h2>
                  {display.salesRep.picture && (
                    <Picture
                      className="sales-rep__photo"
                      src={display.salesRep.picture}
                      alt={t('detail.contact.photo', { name: display.salesRep.name })}
                      width={64}
                      height={64}
                      widths={PHOTO_LAYOUTS.thumb.widths}
                      sizes="64px"
                    />
                  )}
                  <p className="sales-rep__name">{display.salesRep.name}</p>
                  <ContactLines rep={display.salesRep} t={t} />
                </div>
              )}
              <Modal
                id="extra-info-dialog"
                title={t('detail.extraInfo.title')}
                openLabel={t('detail.extraInfo.open')}
                closeLabel={t('detail.modal.close')}
                successText={t('detail.extraInfo.success')}
                failureText={failureText}
                successVisible={model.forms.sent === 'extra-info'}
                open={model.forms.open === 'extra-info'}
              >
                <InquiryForm {...model.forms.extraInfo} />
              </Modal>
              {model.forms.sendToFriend && (
                <Modal
                  id="send-to-friend-dialog"
                  title={t('detail.sendToFriend.title')}
                  openLabel={t('detail.sendToFriend.open')}
                  closeLabel={t('detail.modal.close')}
                  successText={t('detail.sendToFriend.success')}
                  failureText={failureText}
                  successVisible={model.forms.sent === 'send-to-friend'}
                  open={model.forms.open === 'send-to-friend'}
                >
                  <InquiryForm {...model.forms.sendToFriend} />
                </Modal>
              )}
              {display.virtualVisits.map((link) => (
                <a key={link} className="button button--ghost virtual-visit" href={link} target="_blank" rel="noopener noreferrer">
                  <Icon name="visit" /> {t('detail.virtualVisit')}
                </a>
              ))}
            </div>
            <ShareLinks {...model.share} />
          </aside>
        </div>

        <SimilarEstatesPlaceholder {...model.similar} />
      </article>
    </Layout>
  );
}
