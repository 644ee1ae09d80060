import type { ReactElement } from 'react';
import type { Choice, SearchFormModel } from '../../src/search/search-page.model.js';
import { PLACE_TYPED_DELAY_MS, PLACE_TYPED_EVENT } from '../../client/islands/search-props.js';
import type { PageContext } from '../page-context.js';

export const SEARCH_FORM_ID = 'search-form';
export const SEARCH_RESULTS_ID = 'search-results';
export const SUBTYPES_ID = 'search-subtypes';
export const PRICES_ID = 'search-prices';
export const SEARCH_STATUS_ID = 'search-status';
export const AREA_ID = 'search-area';

function Select({ id, name, label, choices }: { id: string; name: string; label: string; choices: readonly Choice[] }): ReactElement {
  const selected = choices.find((choice) => choice.selected)?.value ?? '';
  return (
    <div className="search-form__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={selected}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Checkboxes({ name, choices }: { name: string; choices: readonly Choice[] }): ReactElement {
  return (
    <ul className="search-form__options">
      {choices.map((choice) => (
        <li key={choice.value}>
          <label className="search-form__option">
            <input type="checkbox" name={name} value={choice.value} defaultChecked={choice.selected} />
            <span>{choice.label}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** The sub types of the chosen head types; swapped out of band when the head types change. */
export function SubTypesField({ ctx, form, oob = false }: { ctx: PageContext; form: SearchFormModel; oob?: boolean }): ReactElement {
  return (
    <div id={SUBTYPES_ID} className="search-form__subtypes" hx-swap-oob={oob ? 'true' : undefined}>
      {form.subTypes.length > 0 && (
        <fieldset className="search-form__group">
          <legend>{ctx.t('search.form.subTypes')}</legend>
          <Checkboxes name="subTypes" choices={form.subTypes} />
        </fieldset>
      )}
    </div>
  );
}

/** The price range: sale and rent steps differ, so it follows the transaction (swapped out of band). */
export function PriceFields({ ctx, form, oob = false }: { ctx: PageContext; form: SearchFormModel; oob?: boolean }): ReactElement {
  return (
    <div id={PRICES_ID} className="search-form__prices" hx-swap-oob={oob ? 'true' : undefined}>
      <Select id="search-price-min" name="priceMin" label={ctx.t('search.form.priceMin')} choices={form.priceMin} />
      <Select id="search-price-max" name="priceMax" label={ctx.t('search.form.priceMax')} choices={form.priceMax} />
    </div>
  );
}

/**
 * What the listing has (issue 38): minimum living and plot area, the EPC label at least, the facades, how recently
 * it was listed, and garden, terrace, parking and new build as checkboxes (`garden=1`). Plain controls of the GET
 * form, so they work and come back filled in without JavaScript; the keep-me-informed form shows the same ones.
 */
export function FeatureFields({
  ctx,
  form,
  idPrefix = 'search',
  fieldClassName = 'search-form__field',
  groupClassName = 'search-form__group',
}: {
  ctx: PageContext;
  form: SearchFormModel;
  idPrefix?: string;
  fieldClassName?: string;
  groupClassName?: string;
}): ReactElement {
  const { t } = ctx;
  const select = (name: string, label: string, choices: readonly Choice[]) => (
    <div className={fieldClassName}>
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      <select id={`${idPrefix}-${name}`} name={name} defaultValue={choices.find((choice) => choice.selected)?.value ?? ''}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
  // The rows are the form's own (a fragment): they take the spacing of the folded filters or of the alerts' group.
  return (
    <>
      <div className="search-form__row">
        {select('livingAreaMin', t('search.form.livingAreaMin'), form.livingAreaMin)}
        {select('plotAreaMin', t('search.form.plotAreaMin'), form.plotAreaMin)}
      </div>
      <div className="search-form__row">
        {select('epc', t('search.form.epc'), form.epc)}
        {select('facadesMin', t('search.form.facadesMin'), form.facadesMin)}
      </div>
      {select('newSince', t('search.form.newSince'), form.newSince)}
      <fieldset className={`${groupClassName} search-form__features`}>
        <legend>{t('search.form.featuresLegend')}</legend>
        <ul className="search-form__options">
          {form.features.map((feature) => (
            <li key={feature.name}>
              <label className="search-form__option">
                <input type="checkbox" name={feature.name} value="1" defaultChecked={feature.checked} />
                <span>{feature.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </>
  );
}

/**
 * Search by area. Without JavaScript, and for keyboard and screen-reader users: "Within [5 km] of [place]", two
 * labelled selects of the GET form. An area drawn on the map (or a radius around a point) rides along as hidden
 * fields, said in words with a link to the same search without it. Swapped out of band after each search.
 */
export function AreaFields({ ctx, form, oob = false }: { ctx: PageContext; form: SearchFormModel; oob?: boolean }): ReactElement {
  const { t } = ctx;
  const { area } = form;
  return (
    <fieldset id={AREA_ID} className="search-form__group area-fields" hx-swap-oob={oob ? 'true' : undefined}>
      <legend>{t('area.form.legend')}</legend>
      {area.drawn ? (
        <div className="area-fields__drawn">
          <p className="area-fields__drawn-text">
            <span className="area-fields__icon" aria-hidden="true" />
            {area.drawn.text}
          </p>
          {area.drawn.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <a
            className="area-fields__remove"
            href={area.drawn.removeHref}
            hx-get={area.drawn.removeHref}
            hx-target={`#${SEARCH_RESULTS_ID}`}
            hx-swap="outerHTML"
            hx-push-url="true"
          >
            {t('area.form.remove')}
          </a>
        </div>
      ) : (
        <>
          <div className="area-fields__row">
            <RadiusFields area={area} idPrefix="search" fieldClassName="search-form__field" t={t} />
          </div>
          {/* Only where there is a map to draw on: the results map's island shows it. */}
          <p className="search-form__hint area-fields__map-hint" hidden>
            {t('area.form.hint')}
          </p>
        </>
      )}
    </fieldset>
  );
}

/**
 * The search as a GET form: every search has a URL and works without JavaScript. With htmx the results follow
 * each change (debounced), the URL is pushed so Back restores the previous results.
 */
export function SearchForm({ ctx, form }: { ctx: PageContext; form: SearchFormModel }): ReactElement {
  const { t } = ctx;
  const selectedTransaction = form.transactions.find((choice) => choice.selected)?.value ?? '';
  return (
    <form
      id={SEARCH_FORM_ID}
      className="search-form"
      action={form.action}
      method="get"
      role="search"
      aria-label={t('search.form.label')}
      hx-get={form.action}
      hx-target={`#${SEARCH_RESULTS_ID}`}
      hx-swap="outerHTML"
      hx-push-url="true"
      hx-trigger={`change delay:300ms, submit, keyup changed delay:600ms from:#search-reference, ${PLACE_TYPED_EVENT} delay:${PLACE_TYPED_DELAY_MS}ms`}
      hx-sync="this:replace"
      data-island="search-form"
    >
      <fieldset className="search-form__group search-form__transaction">
        <legend>{t('search.form.transaction')}</legend>
        <div className="segmented">
          {form.transactions.map((choice) => (
            <label key={choice.value} className="segmented__option">
              <input type="radio" name="transaction" value={choice.value} defaultChecked={choice.value === selectedTransaction} />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="search-form__field search-form__location" data-island="city-combobox" data-props={JSON.stringify(form.combobox)}>
        <label htmlFor="search-location">{t('search.form.location')}</label>
        <input id="search-location" name="locations" type="text" autoComplete="off" defaultValue={form.locationsText} aria-describedby="search-location-hint" />
        <p id="search-location-hint" className="search-form__hint">
          {t('search.form.locationHint')}
        </p>
      </div>
      <fieldset className="search-form__group search-form__types">
        <legend>{t('search.form.headTypes')}</legend>
        <Checkboxes name="headTypes" choices={form.headTypes} />
      </fieldset>
      <SubTypesField ctx={ctx} form={form} />
      <AreaFields ctx={ctx} form={form} />
      <details className="search-form__more" open={form.moreOpen}>
        <summary>{t('search.form.more')}</summary>
        <PriceFields ctx={ctx} form={form} />
        <div className="search-form__row">
          <Select id="search-bedrooms" name="bedroomsMin" label={t('search.form.bedroomsMin')} choices={form.bedrooms} />
          <div className="search-form__field">
            <label htmlFor="search-reference">{t('search.form.reference')}</label>
            <input id="search-reference" name="reference" type="text" autoComplete="off" defaultValue={form.reference} maxLength={40} />
          </div>
        </div>
        <FeatureFields ctx={ctx} form={form} />
      </details>
      <Select id="search-sort" name="sort" label={t('search.form.sort')} choices={form.sorts} />
      <div className="search-form__actions">
        <button type="submit" className="button">
          {t('search.form.submit')}
        </button>
        <a href={form.resetHref} className="search-form__reset">
          {t('search.form.reset')}
        </a>
      </div>
    </form>
  );
}

/**
 * "Within [5 km] of [place]": the radius control as two labelled selects, the same in the search form and the
 * keep-me-informed form (the way to an area by keyboard and screen reader, and without JavaScript).
 */
export function RadiusFields({ area, idPrefix, fieldClassName, t }: { area: SearchFormModel['area']; idPrefix: string; fieldClassName: string; t: PageContext['t'] }): ReactElement {
  return (
    <>
      <div className={`${fieldClassName} area-fields__radius`}>
        <label htmlFor={`${idPrefix}-within`}>{t('area.form.within')}</label>
        <select id={`${idPrefix}-within`} name="within" defaultValue={area.radii.find((choice) => choice.selected)?.value}>
          {area.radii.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className={`${fieldClassName} area-fields__place`}>
        <label htmlFor={`${idPrefix}-near`}>{t('area.form.near')}</label>
        <select id={`${idPrefix}-near`} name="near" defaultValue={area.places.find((choice) => choice.selected)?.value ?? ''}>
          {area.places.map((choice) => (
            <option key={choice.value || 'any'} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
