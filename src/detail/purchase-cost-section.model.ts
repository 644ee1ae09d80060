import type { PurchaseCostField as FieldModel, PurchaseCostResultModel, PurchaseCostSectionModel } from '../../views/pages/estate-detail/purchase-cost-section.js';
import type { Estate } from '../estates/domain/estate.js';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '../estates/domain/format.js';
import {
  defaultPurchaseCostChoices,
  PURCHASE_COST_LIMITS,
  type PurchaseCostChoices,
  type PurchaseCostEstimate,
  type PurchaseCostLine,
  purchaseCostOutcome,
} from '../estates/display/purchase-cost.js';
import { PURCHASE_COST_RATES } from '../estates/display/purchase-cost-rates.js';
import type { Translator } from '../i18n/translator.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import type { PurchaseCostField, PurchaseCostInput } from './purchase-cost.dto.js';

/** The block's state: the visitor's choices (none: the defaults), or their refused input. */
export type PurchaseCostState = PurchaseCostInput | { readonly ok: true; readonly choices: Partial<PurchaseCostChoices> };

const FIELD_IDS: Record<Exclude<PurchaseCostField, 'onlyHome'>, string> = { loan: 'purchase-cost-loan', rate: 'purchase-cost-rate', years: 'purchase-cost-years' };

/** A fraction as a percentage: 0.125 → "12,5%". */
const percent = (rate: number) => formatPercent(Math.round(rate * 100_000) / 1_000);

function rowDetail(line: PurchaseCostLine, estimate: PurchaseCostEstimate, t: Translator): string | null {
  const region = t.t(`costs.regions.${estimate.region}`);
  const situation = t.t(estimate.onlyHome ? 'costs.onlyHomeYes' : 'costs.onlyHomeNo');
  switch (line.key) {
    case 'duties':
      return estimate.allowance > 0
        ? t.t('costs.detail.dutiesAllowance', { rate: percent(line.rate!), base: formatCurrency(line.base!), allowance: formatCurrency(estimate.allowance), region, situation })
        : t.t('costs.detail.duties', { rate: percent(line.rate!), region, situation });
    case 'landDuties':
      return t.t(estimate.landDerived ? 'costs.detail.landDutiesDerived' : 'costs.detail.landDuties', { rate: percent(line.rate!), base: formatCurrency(line.base!), region, situation });
    case 'vat':
      return t.t('costs.detail.vat', { rate: percent(line.rate!), base: formatCurrency(line.base!) });
    case 'notary':
      return t.t('costs.detail.notary');
    case 'mortgageDeed':
      return t.t('costs.detail.mortgageDeed', { loan: formatCurrency(estimate.loan.amount) });
    default:
      return estimate.priceIsFrom ? t.t('costs.detail.priceFrom') : estimate.vatRegime ? t.t('costs.detail.priceExclVat') : null;
  }
}

function result(estimate: PurchaseCostEstimate, t: Translator): PurchaseCostResultModel {
  const { loan } = estimate;
  const total = formatCurrency(estimate.total);
  const monthly = formatCurrency(loan.monthlyPayment);
  return {
    rows: estimate.lines.map((line) => ({
      key: line.key,
      label: t.t(`costs.lines.${line.key}`),
      detail: rowDetail(line, estimate, t),
      amount: formatCurrency(line.amount),
      estimate: line.estimate ? t.t('costs.estimateBadge') : null,
    })),
    total: { label: t.t('costs.total'), amount: total },
    monthly:
      loan.amount > 0
        ? {
            label: t.t('costs.monthly'),
            amount: monthly,
            detail: t.t('costs.monthlyDetail', { loan: formatCurrency(loan.amount), years: loan.years, rate: formatPercent(loan.ratePercent) }),
          }
        : null,
    announcement: loan.amount > 0 ? t.t('costs.announce', { total, monthly }) : t.t('costs.announceNoLoan', { total }),
    errorSummary: null,
  };
}

/** The refused input's summary, with a link to each field to correct. */
function refused(errors: Partial<Record<PurchaseCostField, string>>, t: Translator): PurchaseCostResultModel {
  const items = Object.entries(errors).map(([name, key]) => ({
    fieldId: name === 'onlyHome' ? 'purchase-cost-only-home-yes' : FIELD_IDS[name as keyof typeof FIELD_IDS],
    label: t.t(name === 'onlyHome' ? 'costs.form.onlyHomeLabel' : `costs.form.${name}`),
    message: t.t(key),
  }));
  const text = t.t('costs.errors.summary');
  return { rows: null, total: null, monthly: null, announcement: text, errorSummary: { text, items } };
}

/** A number as the form's input shows it (a plain decimal point, no grouping). */
const inputValue = (value: number) => String(value);

/**
 * The purchase-cost block of a detail page, or null when there is none (a rent, a sold listing, price on request,
 * a project, a listing without a region): see `purchaseCostOutcome`. A VAT new build without its land and
 * construction split gets the block with the reason instead of figures.
 */
export function purchaseCostSection(estate: Estate, locale: Locale, t: Translator, state: PurchaseCostState = { ok: true, choices: {} }): PurchaseCostSectionModel | null {
  const outcome = purchaseCostOutcome(estate, state.ok ? state.choices : {});
  const base = { title: t.t('costs.title'), intro: t.t('costs.intro') };
  if (outcome.kind === 'unavailable') {
    if (outcome.reason !== 'newBuildSplitUnknown') return null;
    return { ...base, unavailable: t.t('costs.unavailable.newBuildSplitUnknown'), form: null, result: null, notes: [], sources: null };
  }
  const { estimate } = outcome;
  const defaults = defaultPurchaseCostChoices(estimate.price);
  const typed = state.ok ? null : state;
  const value = (name: Exclude<PurchaseCostField, 'onlyHome'>, chosen: number) => (typed ? (typed.values[name] ?? '') : inputValue(chosen));
  const error = (name: PurchaseCostField) => (typed?.errors[name] ? t.t(typed.errors[name]) : null);
  const field = (name: Exclude<PurchaseCostField, 'onlyHome'>, chosen: number, limits: { min: number; max: number }, step: string, hint: string | null): FieldModel => ({
    id: FIELD_IDS[name],
    name,
    label: t.t(`costs.form.${name}`),
    hint,
    value: value(name, chosen),
    error: error(name),
    min: limits.min,
    max: limits.max,
    step,
    inputMode: step === '1' ? 'numeric' : 'decimal',
  });
  const typedOnlyHome = typed?.values.onlyHome;
  const notes = [
    t.t('costs.notes.estimate', { date: formatDate(new Date(`${PURCHASE_COST_RATES.validFrom}T12:00:00Z`)) }),
    ...(estimate.onlyHomeApplies ? [] : [t.t('costs.notes.onlyHomeNotApplicable')]),
    ...(estimate.newBuildWithoutVat ? [t.t('costs.notes.newBuildWithoutVat')] : []),
    ...(estimate.vatRegime && estimate.region === 'BRUSSELS' ? [t.t('costs.notes.brusselsLand')] : []),
    ...(estimate.plotWithoutAllowance ? [t.t('costs.notes.plotWithoutAllowance')] : []),
  ];
  return {
    ...base,
    unavailable: null,
    form: {
      action: urlFor('purchaseCost', locale, { estateId: estate.id }),
      legend: t.t('costs.form.legend'),
      onlyHome: estimate.onlyHomeApplies
        ? {
            legend: t.t('costs.form.onlyHome'),
            yes: t.t('display.yes'),
            no: t.t('display.no'),
            value: typed ? (typedOnlyHome === 'yes' || typedOnlyHome === 'no' ? typedOnlyHome : null) : estimate.onlyHome ? 'yes' : 'no',
            error: error('onlyHome'),
          }
        : null,
      fields: [
        field('loan', estimate.loan.amount, PURCHASE_COST_LIMITS.loanAmount, 'any', t.t('costs.form.loanHint', { amount: formatCurrency(defaults.loanAmount), share: formatNumber(PURCHASE_COST_RATES.loan.defaultShareOfPrice * 100) })),
        field('rate', estimate.loan.ratePercent, PURCHASE_COST_LIMITS.ratePercent, '0.01', null),
        field('years', estimate.loan.years, PURCHASE_COST_LIMITS.years, '1', null),
      ],
      submit: t.t('costs.form.submit'),
      failureText: t.t('costs.form.failed'),
    },
    result: typed ? refused(typed.errors, t) : result(estimate, t),
    notes,
    sources: { label: t.t('costs.sources'), links: PURCHASE_COST_RATES.sources },
  };
}
