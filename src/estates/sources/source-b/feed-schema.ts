import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { PROJECT_ROOT } from '../../../utils/paths.js';

/** The published feed contract: the same file documents the feed for producers and checks it here. */
export const FEED_SCHEMA_PATH = join(PROJECT_ROOT, 'docs', 'feed', 'feed.schema.json');

/** Errors named in a record's report; the rest are counted. */
const REPORTED_ERRORS = 3;

interface FeedValidators {
  readonly page: ValidateFunction;
  readonly listing: ValidateFunction;
}

let compiled: FeedValidators | undefined;

/** Compiled once per process, on first use (a missing or broken schema file fails the first sync loudly). */
function validators(): FeedValidators {
  if (!compiled) {
    // allErrors: a producer fixing a record sees its problems together. Arrays and strings are bounded by the
    // schema's maxItems / maxLength, and a record is bounded by the sync's byte budget.
    const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addSchema(JSON.parse(readFileSync(FEED_SCHEMA_PATH, 'utf8')) as object, 'feed');
    compiled = { page: ajv.getSchema('feed')!, listing: ajv.getSchema('feed#/$defs/listing')! };
  }
  return compiled;
}

/** Enums longer than this are not spelled out in a report (the schema lists them). */
const LISTED_VALUES = 12;

function describe(error: ErrorObject): string {
  const where = error.instancePath || '/';
  const allowed = error.keyword === 'enum' ? (error.params as { allowedValues: unknown[] }).allowedValues : [];
  if (allowed.length > 0 && allowed.length <= LISTED_VALUES) return `${where} must be one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}`;
  return `${where} ${error.message ?? error.keyword}`;
}

/** `schema: <path> <message>; …` for the first errors, and how many more there were. */
function report(errors: readonly ErrorObject[]): string {
  const shown = errors.slice(0, REPORTED_ERRORS).map(describe).join('; ');
  return `schema: ${shown}${errors.length > REPORTED_ERRORS ? ` (+${errors.length - REPORTED_ERRORS} more)` : ''}`;
}

/** Why one listing record breaks the feed schema, or null when it conforms. */
export function feedListingProblem(record: unknown): string | null {
  const validate = validators().listing;
  return validate(record) ? null : report(validate.errors ?? []);
}

/** Why a whole page breaks the feed schema (records included), or null: for tests and producers' checks. */
export function feedPageProblem(page: unknown): string | null {
  const validate = validators().page;
  return validate(page) ? null : report(validate.errors ?? []);
}
