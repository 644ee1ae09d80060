import type { ReactElement } from 'react';
import type { ErrorSummaryItem } from '../../components/error-summary.js';
import { ErrorSummary } from '../../components/error-summary.js';

export const PURCHASE_COST_ID = 'purchase-cost';
const RESULT_ID = 'purchase-cost-result';
const STATUS_ID = 'purchase-cost-status';
const TITLE_ID = 'purchase-cost-title';

export interface PurchaseCostRow {
  readonly key: string;
  readonly label: string;
  /** How the amount is reached: "2% of € 300.000,00 (Flanders, only own home)". */
  readonly detail: string | null;
  readonly amount: string;
  /** "estimate", beside the notary's and the mortgage deed's amounts. */
  readonly estimate: string | null;
}

export interface PurchaseCostField {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly hint: string | null;
  readonly value: string;
  readonly error: string | null;
  readonly min: number;
  readonly max: number;
  readonly step: string;
  readonly inputMode: 'numeric' | 'decimal';
}

export interface PurchaseCostResultModel {
  /** The figures; null when the input needs correcting (the summary says what). */
  readonly rows: readonly PurchaseCostRow[] | null;
  readonly total: { readonly label: string; readonly amount: string } | null;
  readonly monthly: { readonly label: string; readonly amount: string; readonly detail: string } | null;
  /** What a screen reader hears after the block is recomputed in place. */
  readonly announcement: string;
  readonly errorSummary: { readonly text: string; readonly items: readonly ErrorSummaryItem[] } | null;
}

export interface PurchaseCostSectionModel {
  readonly title: string;
  readonly intro: string;
  /** Said instead of the figures when they cannot be estimated (a VAT new build without its land/construction split). */
  readonly unavailable: string | null;
  readonly form: {
    /** The route that recomputes the block (the whole page without JavaScript, the result alone for htmx). */
    readonly action: string;
    readonly legend: string;
    /** The only-own-home choice; null where the reduced rate cannot apply (a garage, commercial premises). */
    readonly onlyHome: {
      readonly legend: string;
      readonly yes: string;
      readonly no: string;
      readonly value: 'yes' | 'no' | null;
      readonly error: string | null;
    } | null;
    readonly fields: readonly PurchaseCostField[];
    readonly submit: string;
    readonly failureText: string;
  } | null;
  readonly result: PurchaseCostResultModel | null;
  readonly notes: readonly string[];
  readonly sources: { readonly label: string; readonly links: readonly { readonly title: string; readonly url: string }[] } | null;
}

function Field({ field }: { field: PurchaseCostField }): ReactElement {
  const describedBy = [field.hint ? `${field.id}-hint` : null, field.error ? `${field.id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field purchase-cost__field${field.error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={field.id}>{field.label}</label>
      {field.hint && (
        <span id={`${field.id}-hint`} className="purchase-cost__hint">
          {field.hint}
        </span>
      )}
      <input
        id={field.id}
        name={field.name}
        type="number"
        inputMode={field.inputMode}
        min={field.min}
        max={field.max}
        step={field.step}
        defaultValue={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy}
      />
      {field.error && (
        <span id={`${field.id}-error`} className="form-field__error">
          {field.error}
        </span>
      )}
    </div>
  );
}

/** The figures, their total and the monthly payment: what htmx swaps in when the visitor changes a choice. */
export function PurchaseCostResultContent({ result }: { result: PurchaseCostResultModel }): ReactElement {
  if (result.errorSummary) return <ErrorSummary id="purchase-cost-errors" summary={result.errorSummary.text} items={result.errorSummary.items} />;
  return (
    <>
      {result.rows && (
        <table className="purchase-cost__table">
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.key} data-cost-line={row.key}>
                <th scope="row">
                  <span className="purchase-cost__label">{row.label}</span>
                  {row.estimate && <span className="purchase-cost__badge">{row.estimate}</span>}
                  {row.detail && <span className="purchase-cost__detail">{row.detail}</span>}
                </th>
                <td>{row.amount}</td>
              </tr>
            ))}
          </tbody>
          {result.total && (
            <tfoot>
              <tr data-cost-line="total">
                <th scope="row">{result.total.label}</th>
                <td>{result.total.amount}</td>
              </tr>
            </tfoot>
          )}
        </table>
      )}
      {result.monthly && (
        <p className="purchase-cost__monthly" data-cost-line="monthly">
          <span className="purchase-cost__monthly-label">{result.monthly.label}</span>
          <strong className="purchase-cost__monthly-amount">{result.monthly.amount}</strong>
          <span className="purchase-cost__detail">{result.monthly.detail}</span>
        </p>
      )}
    </>
  );
}

/** The fragment htmx asks for: the result, and the announcement in the page's live region (out of band). */
export function PurchaseCostResultFragment({ result }: { result: PurchaseCostResultModel }): ReactElement {
  return (
    <>
      <PurchaseCostResultContent result={result} />
      <p id={STATUS_ID} className="purchase-cost__status" role="status" hx-swap-oob="innerHTML">
        {result.announcement}
      </p>
    </>
  );
}

/**
 * What buying this listing really costs: the figures, the choices that change them (a GET form: without
 * JavaScript it loads the page with the block recomputed; with htmx only the result is swapped, the form and the
 * focus stay), and the note that notary and mortgage-deed costs are estimates, with the rates' date and sources.
 */
export function PurchaseCostSection({ model }: { model: PurchaseCostSectionModel | null }): ReactElement | null {
  if (!model) return null;
  const { form, result } = model;
  return (
    <section className="detail-section purchase-cost" id={PURCHASE_COST_ID} aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>{model.title}</h2>
      <p className="purchase-cost__intro">{model.intro}</p>
      {model.unavailable && <p className="purchase-cost__unavailable">{model.unavailable}</p>}
      {form && result && (
        <div className="purchase-cost__layout">
          <form
            className="purchase-cost__form"
            action={`${form.action}#${PURCHASE_COST_ID}`}
            method="get"
            hx-get={form.action}
            hx-target={`#${RESULT_ID}`}
            hx-swap="innerHTML"
            hx-trigger="submit, change"
            hx-sync="this:queue last"
            data-island="page-form"
            data-failure-text={form.failureText}
          >
            <fieldset className="purchase-cost__fieldset">
              <legend>{form.legend}</legend>
              {form.onlyHome && (
                <fieldset className="purchase-cost__choice">
                  <legend>{form.onlyHome.legend}</legend>
                  <div className="purchase-cost__options">
                    {(['yes', 'no'] as const).map((value) => (
                      <label key={value} className="purchase-cost__option">
                        <input type="radio" id={`purchase-cost-only-home-${value}`} name="onlyHome" value={value} defaultChecked={form.onlyHome!.value === value} />
                        {form.onlyHome![value]}
                      </label>
                    ))}
                  </div>
                  {form.onlyHome.error && <span className="form-field__error">{form.onlyHome.error}</span>}
                </fieldset>
              )}
              <div className="purchase-cost__fields">
                {form.fields.map((field) => (
                  <Field key={field.name} field={field} />
                ))}
              </div>
              <button type="submit" className="button purchase-cost__submit">
                {form.submit}
              </button>
              {/* Filled when htmx swaps the result in: heard by screen readers, and seen beside the form on a phone, where the figures are out of sight. */}
              <p id={STATUS_ID} className="purchase-cost__status" role="status"></p>
            </fieldset>
          </form>
          <div className="purchase-cost__result" id={RESULT_ID}>
            <PurchaseCostResultContent result={result} />
          </div>
        </div>
      )}
      {model.notes.map((note) => (
        <p key={note} className="purchase-cost__note">
          {note}
        </p>
      ))}
      {model.sources && (
        <details className="purchase-cost__sources">
          <summary>{model.sources.label}</summary>
          <ul>
            {model.sources.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener external">
                  {link.title}
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
