import { ConfigError, type AppConfig } from '../config/config.js';
import { STATUS } from '../estates/domain/enums.js';
import { TAB_NAMES } from '../estates/display/tabs.js';

export interface SiteSettings {
  /** Transaction statuses (e.g. SOLD) whose listings are hidden everywhere. */
  hiddenStatus: string[];
  /** Detail tabs (e.g. notary) not shown on detail pages. */
  hiddenTabs: string[];
  /** Sold and rented listings appear in search results (last), as references; off by default. */
  showUnavailable: boolean;
  /** Days a listing carries the "new" badge on cards after a sync first saw it; 0 turns the badge off. */
  newBadgeDays: number;
  /** Days a listing carries the "price reduced" badge after its last price drop; 0 turns the badge off. */
  reducedBadgeDays: number;
}

export type SettingName = keyof SiteSettings;

export type SettingEnvName = 'SETTING_HIDDEN_STATUS' | 'SETTING_HIDDEN_TABS' | 'SETTING_SHOW_UNAVAILABLE' | 'SETTING_NEW_BADGE_DAYS' | 'SETTING_REDUCED_BADGE_DAYS';

export interface SettingDefinition<V> {
  readonly description: string;
  /** The environment variable giving the initial value, used while the table has no row. */
  readonly env: SettingEnvName;
  readonly default: V;
  /** What `parse` accepts, for `list` and error messages. */
  readonly allowed: string;
  /** The operator's text (command line or environment) as a value; null when it is not one. */
  parse(text: string): V | null;
  /** A stored row's value; the default when the row holds something else. */
  fromStored(value: unknown): V;
  format(value: V): string;
}

function nameList(description: string, env: SettingEnvName, names: readonly string[]): SettingDefinition<string[]> {
  return {
    description,
    env,
    default: [],
    allowed: `a comma list of ${names.join(', ')} (empty: none)`,
    parse: (text) => {
      const items = [...new Set(text.split(',').map((item) => item.trim()).filter(Boolean))];
      return items.every((item) => names.includes(item)) ? items : null;
    },
    // Stored values were checked when set; a name the catalogue dropped since is harmless.
    fromStored: (value) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []),
    format: (value) => value.join(','),
  };
}

function flag(description: string, env: SettingEnvName): SettingDefinition<boolean> {
  return {
    description,
    env,
    default: false,
    allowed: 'true or false',
    parse: (text) => (text.trim() === 'true' ? true : text.trim() === 'false' ? false : null),
    fromStored: (value) => value === true,
    format: String,
  };
}

/** The longest a badge may last: a year. */
const MAX_BADGE_DAYS = 365;

function days(description: string, env: SettingEnvName, defaultDays: number): SettingDefinition<number> {
  const valid = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_BADGE_DAYS;
  return {
    description,
    env,
    default: defaultDays,
    allowed: `a whole number of days from 0 to ${MAX_BADGE_DAYS} (0: no badge)`,
    parse: (text) => {
      const value = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
      return valid(value) ? value : null;
    },
    fromStored: (value) => (valid(value) ? value : defaultDays),
    format: String,
  };
}

/** Every setting the site reads from the `settings` table: adding one is one entry here (and its use). */
export const SETTINGS: { readonly [K in SettingName]: SettingDefinition<SiteSettings[K]> } = {
  hiddenStatus: nameList('Transaction statuses whose listings are hidden everywhere (search, detail, sitemap).', 'SETTING_HIDDEN_STATUS', STATUS),
  hiddenTabs: nameList('Detail tabs not shown on detail pages.', 'SETTING_HIDDEN_TABS', TAB_NAMES),
  showUnavailable: flag('Sold and rented listings appear in search results (last), as references.', 'SETTING_SHOW_UNAVAILABLE'),
  newBadgeDays: days('Days a listing shows the "new" badge on cards after it first came in (0: no badge).', 'SETTING_NEW_BADGE_DAYS', 14),
  reducedBadgeDays: days('Days a listing shows the "price reduced" badge on cards after its price went down (0: no badge).', 'SETTING_REDUCED_BADGE_DAYS', 30),
};

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

export function isSettingName(name: string): name is SettingName {
  return (SETTING_NAMES as string[]).includes(name);
}

export type ParsedSetting<K extends SettingName> = { readonly value: SiteSettings[K] } | { readonly error: string };

/** The operator's text for setting `name`, or the error naming what is allowed. */
export function parseSetting<K extends SettingName>(name: K, text: string): ParsedSetting<K> {
  const definition: SettingDefinition<SiteSettings[K]> = SETTINGS[name];
  const value = definition.parse(text);
  return value === null ? { error: `${name} must be ${definition.allowed}; got ${JSON.stringify(text)}` } : { value };
}

export type InitialSettings = { readonly [K in SettingName]?: SiteSettings[K] };

/** The SETTING_* environment variables that are set, parsed; a bad one throws a ConfigError naming every problem. */
export function initialSettings(config: Pick<AppConfig, SettingEnvName>): InitialSettings {
  const initial: Partial<Record<SettingName, unknown>> = {};
  const problems: string[] = [];
  for (const name of SETTING_NAMES) {
    const text = config[SETTINGS[name].env];
    if (text === undefined) continue;
    const parsed = parseSetting(name, text);
    if ('value' in parsed) initial[name] = parsed.value;
    else problems.push(`  ${SETTINGS[name].env}=${JSON.stringify(text)}: must be ${SETTINGS[name].allowed}`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return initial as InitialSettings;
}

export type SettingSource = 'database' | 'environment' | 'default';

export interface ResolvedSetting<K extends SettingName = SettingName> {
  readonly name: K;
  readonly value: SiteSettings[K];
  readonly source: SettingSource;
}

/** Each setting's value and where it comes from: its row wins, then its environment variable, then the default. */
export function resolveSettings(rows: ReadonlyMap<string, unknown>, initial: InitialSettings): ResolvedSetting[] {
  return SETTING_NAMES.map(<K extends SettingName>(name: K): ResolvedSetting<K> => {
    const definition: SettingDefinition<SiteSettings[K]> = SETTINGS[name];
    if (rows.has(name)) return { name, value: definition.fromStored(rows.get(name)), source: 'database' };
    const fromEnv = initial[name];
    if (fromEnv !== undefined) return { name, value: fromEnv as SiteSettings[K], source: 'environment' };
    return { name, value: definition.default, source: 'default' };
  });
}
