import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min, validateSync } from 'class-validator';
import { PURCHASE_COST_LIMITS, type PurchaseCostChoices } from '../estates/display/purchase-cost.js';

/** The i18n keys of the form's field messages. */
export const PURCHASE_COST_ERRORS = {
  onlyHome: 'costs.errors.onlyHome',
  loan: 'costs.errors.loan',
  rate: 'costs.errors.rate',
  years: 'costs.errors.years',
} as const;

export type PurchaseCostField = keyof typeof PURCHASE_COST_ERRORS;
export const PURCHASE_COST_FIELDS = Object.keys(PURCHASE_COST_ERRORS) as PurchaseCostField[];

/**
 * A number as a visitor types it: "240000", "3.2" (what a number input sends) or "3,2" (typed in a text field
 * without JavaScript); spaces are ignored. Empty is absent (the default applies); anything else that is not a
 * number, or a repeated parameter (`?rate=1&rate=2`), is NaN and refused.
 */
const decimal = ({ value }: { value: unknown }): unknown => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (text === '') return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};

/**
 * An amount in euros as a Belgian types it: "250.000" and "250 000" are two hundred and fifty thousand (the dot
 * groups thousands, as in the prices the site shows), "250.000,50" has cents; "€" is ignored. A dot followed by
 * exactly three digits is always a thousands separator here: nobody borrows € 250 and a tenth of a cent.
 */
const amount = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return decimal({ value });
  const text = value.replace(/[\s\u00a0€]/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) return decimal({ value: text.replace(/\./g, '') });
  return decimal({ value: text });
};

const { loanAmount, ratePercent, years } = PURCHASE_COST_LIMITS;

/** The purchase-cost form's query string: `?onlyHome=yes|no&loan=240000&rate=3.2&years=25`, each optional. */
export class PurchaseCostQuery {
  @IsIn(['yes', 'no'], { message: PURCHASE_COST_ERRORS.onlyHome })
  @IsOptional()
  onlyHome?: string;

  @Max(loanAmount.max, { message: PURCHASE_COST_ERRORS.loan })
  @Min(loanAmount.min, { message: PURCHASE_COST_ERRORS.loan })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: PURCHASE_COST_ERRORS.loan })
  @IsOptional()
  @Transform(amount)
  loan?: number;

  @Max(ratePercent.max, { message: PURCHASE_COST_ERRORS.rate })
  @Min(ratePercent.min, { message: PURCHASE_COST_ERRORS.rate })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: PURCHASE_COST_ERRORS.rate })
  @IsOptional()
  @Transform(decimal)
  rate?: number;

  @Max(years.max, { message: PURCHASE_COST_ERRORS.years })
  @Min(years.min, { message: PURCHASE_COST_ERRORS.years })
  @IsInt({ message: PURCHASE_COST_ERRORS.years })
  @IsOptional()
  @Transform(decimal)
  years?: number;
}

export type PurchaseCostInput =
  | {
      readonly ok: true;
      readonly choices: Partial<PurchaseCostChoices>;
      /** The query as read, normalized: the page's cache key (`query` of the view descriptor). */
      readonly query: Readonly<Record<string, string | number>>;
    }
  | {
      readonly ok: false;
      /** What the visitor typed (shown again in the fields). */
      readonly values: Readonly<Partial<Record<PurchaseCostField, string>>>;
      /** Field → i18n key of its message. */
      readonly errors: Readonly<Partial<Record<PurchaseCostField, string>>>;
    };

/** The form's query string checked by the DTO: the visitor's choices, or each wrong field with its message. */
export function parsePurchaseCostQuery(query: Readonly<Record<string, unknown>>): PurchaseCostInput {
  const plain = Object.fromEntries(PURCHASE_COST_FIELDS.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
  const dto = plainToInstance(PurchaseCostQuery, plain);
  const errors: Partial<Record<PurchaseCostField, string>> = {};
  for (const error of validateSync(dto, { whitelist: true })) {
    const message = Object.values(error.constraints ?? {})[0];
    if (message) errors[error.property as PurchaseCostField] = message;
  }
  if (Object.keys(errors).length > 0) {
    const values = Object.fromEntries(Object.entries(plain).map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, 40) : '']));
    return { ok: false, values, errors };
  }
  const choices: { -readonly [K in keyof PurchaseCostChoices]?: PurchaseCostChoices[K] } = {};
  const read: Record<string, string | number> = {};
  if (dto.onlyHome !== undefined) read.onlyHome = dto.onlyHome;
  if (dto.onlyHome !== undefined) choices.onlyHome = dto.onlyHome === 'yes';
  if (dto.loan !== undefined) read.loan = choices.loanAmount = dto.loan;
  if (dto.rate !== undefined) read.rate = choices.ratePercent = dto.rate;
  if (dto.years !== undefined) read.years = choices.years = dto.years;
  return { ok: true, choices, query: read };
}
