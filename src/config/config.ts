import { plainToInstance, Transform } from 'class-transformer';
import { isIP } from 'node:net';
import {
  IsBoolean,
  IsHexColor,
  IsIn,
  IsInt,
  IsIP,
  IsISO31661Alpha2,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  ValidateBy,
  ValidateIf,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { availableParallelism } from 'node:os';
import { DEFAULT_PHOTO_HOSTS, PhotoHosts } from './photo-hosts.js';
import { isBelgianCompanyNumber, parseBivTitles } from './legal-identity.js';
import { cacheSizes, CONTAINER_SHARE, DEFAULT_MEMORY_BUDGET_MB, memoryBudget, type MemoryBudget, readCgroupFile, type ReadFile } from './memory-budget.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());
/** An IP address, a CIDR block, or one of proxy-addr's names for address ranges. */
function isProxyAddress(item: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [address, bits, extra] = item.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}
/** `101=https://a.example/cal.ics,102=...` as a map; null when an item is not `<id>=<http(s) URL>`. */
function parseIcalFeeds(value: string): Map<number, string> | null {
  const feeds = new Map<number, string>();
  for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(\d{1,9})=(https?:\/\/\S+)$/.exec(item);
    if (!match || !URL.canParse(match[2])) return null;
    feeds.set(Number(match[1]), match[2]);
  }
  return feeds;
}
/** The weekdays AGENCY_OPENING_DAYS names (the viewing slots' weekdays, Monday first). */
const OPENING_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type OpeningWeekday = (typeof OPENING_WEEKDAYS)[number];
/** `mon,tue,…` as weekdays in week order; null when empty, unknown or repeated. */
function parseOpeningDays(value: string): OpeningWeekday[] | null {
  const days = value.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
  if (days.length === 0 || new Set(days).size !== days.length) return null;
  if (!days.every((day): day is OpeningWeekday => (OPENING_WEEKDAYS as readonly string[]).includes(day))) return null;
  return OPENING_WEEKDAYS.filter((day) => days.includes(day));
}
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** Every setting the app reads from the environment, with its default. Validated once at boot. */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** A PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true })
  DATABASE_URL: string | undefined = undefined;

  /**
   * Where the embedded database and the mail outbox files live. `memory://` keeps a database in memory;
   * `memory://<name>` is one in-memory database shared by every app of this process that names it (tests).
   */
  @IsString()
  @MinLength(1)
  DATA_DIR = '.data';

  /** How long a query may run on PostgreSQL before the server cancels it (the page answers 503). 0 = no limit. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  DATABASE_STATEMENT_TIMEOUT_MS = 15_000;

  /** How long to wait for a database connection (on the embedded database: for its single session) before answering 503. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DATABASE_CONNECT_TIMEOUT_MS = 10_000;

  /**
   * Every request is answered within this long: past it, the localized 503 page with Retry-After (a hung database
   * must not hold a visitor, or a load balancer's connection, without bound; docs/OPERATIONS.md).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  REQUEST_DEADLINE_MS = 10_000;

  /** The public origin used in canonical links, hreflang, sitemaps and mails (unset: http://localhost:PORT). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Log one line per request (off in tests). */
  @Transform(toBool)
  @IsBoolean()
  LOG_REQUESTS = true;

  @IsString()
  @MinLength(1)
  AGENCY_NAME = 'Immo Vastgoed';

  /** Path or URL of the agency logo (pages and mails: give a PNG, mail clients show no SVG); default: the bundled mark. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  AGENCY_LOGO_URL: string | undefined = undefined;

  @IsHexColor()
  BRAND_COLOR = '#0b5a6b';

  @IsString()
  AGENCY_EMAIL = 'info@immo.example';

  @IsString()
  AGENCY_PHONE = '+32 9 123 45 67';

  /** The language of the mails the agency receives (visitors' mails use the visitor's language). */
  @IsIn(['nl', 'fr', 'en', 'de'])
  AGENCY_LOCALE: 'nl' | 'fr' | 'en' | 'de' = 'nl';

  // --- The agency's legal identity (Belgian law: on every page of an estate agent's site) ---

  @IsString()
  @MinLength(1)
  AGENCY_LEGAL_NAME = 'Immo Vastgoed BV';

  @IsString()
  @MinLength(1)
  AGENCY_STREET = 'Kouter 1';

  @IsString()
  @MinLength(1)
  AGENCY_POSTAL_CODE = '9000';

  @IsString()
  @MinLength(1)
  AGENCY_CITY = 'Gent';

  @IsISO31661Alpha2()
  AGENCY_COUNTRY = 'BE';

  /** KBO/BCE enterprise number (checked with its mod-97 check digits). */
  @ValidateBy({
    name: 'belgianCompanyNumber',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isBelgianCompanyNumber(value),
      defaultMessage: () => 'AGENCY_COMPANY_NUMBER must be a KBO/BCE number like 0123.456.749 (with valid check digits)',
    },
  })
  AGENCY_COMPANY_NUMBER = '0123.456.749';

  @Matches(/^[A-Z]{2}[0-9A-Z.\s]{2,14}$/, { message: 'AGENCY_VAT_NUMBER must be a VAT number like BE0123456749' })
  AGENCY_VAT_NUMBER = 'BE0123456749';

  /** The estate agent's number at the BIV/IPI. */
  @IsString()
  @MinLength(1)
  AGENCY_BIV_NUMBER = '512345';

  /** The professional title(s) the BIV/IPI granted: `bemiddelaar`, `syndicus`, `rentmeester`, or a comma list. */
  @ValidateBy({
    name: 'bivTitles',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseBivTitles(value) !== null,
      defaultMessage: () => 'AGENCY_BIV_TITLE must be bemiddelaar, syndicus or rentmeester, or a comma list of them',
    },
  })
  AGENCY_BIV_TITLE = 'bemiddelaar';

  /** The insurer of the agent's professional liability and surety (Code of Economic Law art. XII.6: on every page). */
  @IsString()
  @MinLength(1)
  AGENCY_INSURER = 'Demo Verzekeringen NV';

  /** That insurance's policy number. */
  @IsString()
  @MinLength(1)
  AGENCY_INSURANCE_POLICY = '00.000.000';

  @IsISO31661Alpha2()
  AGENCY_ACCREDITATION_COUNTRY = 'BE';

  @IsString()
  @MinLength(1)
  AGENCY_SUPERVISORY_AUTHORITY = 'BIV/IPI, Luxemburgstraat 16 B, 1000 Brussel';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  AGENCY_SUPERVISORY_AUTHORITY_URL = 'https://www.biv.be';

  /** The professional code of conduct the agent follows (the BIV/IPI's deontology). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  AGENCY_CODE_OF_CONDUCT_URL = 'https://www.biv.be/plichtenleer';

  /**
   * The agency's page with urban-planning information (CoBAT art. 281): a Brussels listing without a planning
   * destination links to it, offering a free paper copy. Optional; https only.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['https'] })
  AGENCY_PLANNING_INFO_URL: string | undefined = undefined;

  /**
   * The days the agency shows listings: a viewing request offers half-days on these days only. A comma list of
   * mon, tue, wed, thu, fri, sat, sun (each at most once).
   */
  @ValidateBy({
    name: 'openingDays',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseOpeningDays(value) !== null,
      defaultMessage: () => `AGENCY_OPENING_DAYS must be a comma list of ${OPENING_WEEKDAYS.join(', ')} with at least one day, each at most once (e.g. mon,tue,wed,thu,fri,sat)`,
    },
  })
  AGENCY_OPENING_DAYS = 'mon,tue,wed,thu,fri,sat';

  /** Fill an empty database with the demo holiday units; defaults to on for the embedded database showing the demo (DEMO_DATA). */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  SEED_DEMO_DATA: boolean | undefined = undefined;

  /**
   * The demo catalogue (fixtures/source-a, fixtures/source-b) for every source A or B without a URL. Unset: on only
   * when no CRM at all is configured (SOURCE_A_BASE_URL, SOURCE_B_FEED_URL and WHISE_USERNAME all unset), so an agency
   * that connects one CRM gets no demo source beside it. Production with DATABASE_URL refuses demo sources unless this
   * is `true` with no CRM at all (a demo on PostgreSQL, such as docker-compose.yml's), which also lets the demo identity
   * stand there; `true` beside a CRM is refused there.
   * Appointments of a demo source are never confirmed by mail (without SMTP_URL, only into the outbox).
   */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  DEMO_DATA: boolean | undefined = undefined;

  /**
   * The proxies whose X-Forwarded-For to believe: `false` (none: the socket's address is the client), or a comma
   * list of their addresses/CIDRs, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`. The client is then
   * the last address none of them added. Never "all", and no bare hop count (Fastify refuses one: it cannot tell
   * the proxy from a client writing X-Forwarded-For itself).
   */
  @ValidateBy({
    name: 'trustedProxies',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && (value.trim() === 'false' || value.split(',').every((item) => isProxyAddress(item.trim()))),
      defaultMessage: () => 'TRUST_PROXY must be false or a comma list of proxy IP addresses/CIDRs (or loopback, linklocal, uniquelocal)',
    },
  })
  TRUST_PROXY = 'false';

  // --- Estate sources (CRMs). Without a base URL a source reads its demo catalogue in fixtures/. ---

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SOURCE_A_BASE_URL: string | undefined = undefined;

  /** Zabun's `client_id` header (with api_key and server_id, the API credentials). */
  @IsString()
  SOURCE_A_CLIENT_ID = '';

  @IsString()
  SOURCE_A_API_KEY = '';

  @IsString()
  SOURCE_A_SERVER_ID = '';

  /**
   * The agency's company id, sent as `X-CLIENT-ID` on every call (a different value from SOURCE_A_CLIENT_ID; Zabun's
   * settings call it "Company ID (X-CLIENT-ID)"). Required with SOURCE_A_BASE_URL: without it every call is a 401.
   */
  @ValidateIf((config: AppConfig) => !!config.SOURCE_A_BASE_URL)
  @IsString()
  @MinLength(1, { message: 'SOURCE_A_COMPANY_ID is required when SOURCE_A_BASE_URL is set (it is sent as X-CLIENT-ID)' })
  SOURCE_A_COMPANY_ID = '';

  /** Sent as `X-USER-ID` when set (the Zabun user leads are written as; write-capable clients send it). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SOURCE_A_USER_ID: string | undefined = undefined;

  /** `Accept-Language` of source A's calls, and the language of texts the API sends as a plain string. */
  @IsIn(['nl', 'fr', 'en', 'de'])
  SOURCE_A_LANGUAGE = 'nl';

  /**
   * Only listings published to this Zabun medium are live (14 is "Website via API"); the others are hidden. 0 turns
   * the medium filter off (every published, shown listing is live). Read via `POST api/v1/property/media-sync/{id}`,
   * whose answer no public client documents: unconfirmed.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SOURCE_A_MEDIUM_ID = 14;

  /**
   * Source A's appointments endpoint relative to SOURCE_A_BASE_URL (e.g. `api/v1/appointments`). No public client
   * reads Zabun appointments (unconfirmed), so none are imported unless this is set; the demo fixtures always have them.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SOURCE_A_APPOINTMENTS_PATH: string | undefined = undefined;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SOURCE_B_FEED_URL: string | undefined = undefined;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SOURCE_B_TOKEN: string | undefined = undefined;

  // Whise (source W): on when WHISE_USERNAME is set; then the password, client id and office id are required too.

  /** Whise's API; the two token calls and every read go here. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  WHISE_BASE_URL = 'https://api.whise.eu/';

  /** The marketplace user (`POST token`); setting it switches the Whise source on. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WHISE_USERNAME: string | undefined = undefined;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WHISE_PASSWORD: string | undefined = undefined;

  /** The agency's client and office in Whise (`POST v1/admin/clients/token`). */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  WHISE_CLIENT_ID: number | undefined = undefined;

  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  WHISE_OFFICE_ID: number | undefined = undefined;

  /** Whise's language id for single-language texts (an estate's name) and for leads without a site locale. */
  @Matches(/^(nl|fr|en|de)-[A-Z]{2}$/, { message: 'WHISE_LANGUAGE must be a Whise language id like nl-BE or fr-BE' })
  WHISE_LANGUAGE = 'nl-BE';

  /** Import viewing appointments from Whise's calendar (`v1/calendars/list`); off unless set. */
  @Transform(toBool)
  @IsBoolean()
  WHISE_APPOINTMENTS = false;

  /**
   * The Whise calendar action (event type) for a website viewing request. When set, a request becomes an event of
   * that action at the earliest half-day the visitor proposed (`v1/calendars/upsert`, for the listing's representative
   * or WHISE_VIEWING_USER_ID), which the appointment import
   * leaves alone until the agent changes its action; unset, the request goes to Whise as a contact like other leads.
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  WHISE_VIEWING_ACTION_ID: number | undefined = undefined;

  /** The user (Whise user id) a viewing request's calendar event is for when Whise names no representative for the listing. */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  WHISE_VIEWING_USER_ID: number | undefined = undefined;

  /** The country of contacts created from leads (Whise's Country enum: 1 Belgium, 2 the Netherlands, 3 France, …). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WHISE_COUNTRY_ID = 1;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  SOURCE_TIMEOUT_MS = 10_000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10)
  SOURCE_RETRIES = 3;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  SOURCE_BACKOFF_MS = 500;

  /** 0 switches the scheduled sync off (the cache is still filled when empty at start). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SYNC_INTERVAL_MINUTES = 15;

  /** Caps per source and run: a feed that never stops paging, or sends an endless body, fails that source instead. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SYNC_MAX_PAGES = 200;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  SYNC_MAX_RECORDS = 5000;

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  SYNC_MAX_BYTES = 100_000_000;

  /** The whole sync (every source) stops after this long; what was not read keeps its cached version. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SYNC_TIMEOUT_SECONDS = 600;

  /**
   * Hours between full reconciliations of a source that can sync incrementally (Zabun): in between, a sync asks only
   * for what changed; a full read also sees listings deleted in the CRM. 0: every sync is a full one.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SYNC_RECONCILE_HOURS = 24;

  // --- Holiday rentals ---

  /**
   * The iCal feed of each holiday unit that an owner syncs with booking platforms: a comma list of
   * `<unit id>=<url>`. Its booked ranges are imported by a job and shown as unavailable.
   */
  @ValidateBy({
    name: 'icalFeeds',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseIcalFeeds(value) !== null,
      defaultMessage: () => 'HOLIDAY_ICAL_FEEDS must be a comma list of <unit id>=<http(s) URL>',
    },
  })
  HOLIDAY_ICAL_FEEDS = '';

  /** How often the iCal feeds are imported; 0 imports them only at start. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  HOLIDAY_ICAL_INTERVAL_MINUTES = 30;

  // --- Initial values of the site settings (npm run settings): used while the settings table has no row for them ---

  /** A comma list of transaction statuses whose listings are hidden everywhere (checked by src/settings at start). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SETTING_HIDDEN_STATUS: string | undefined = undefined;

  /** A comma list of detail tabs not shown on detail pages. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SETTING_HIDDEN_TABS: string | undefined = undefined;

  /** `true` or `false`: sold and rented listings appear in search results (last). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SETTING_SHOW_UNAVAILABLE: string | undefined = undefined;

  /** Days of the cards' "new" badge (0: none); checked by src/settings at start. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SETTING_NEW_BADGE_DAYS: string | undefined = undefined;

  /** Days of the cards' "price reduced" badge (0: none). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SETTING_REDUCED_BADGE_DAYS: string | undefined = undefined;

  // --- Background jobs (pg-boss) ---

  /** How often an idle worker looks for new jobs; a job queued by this process wakes its worker at once. */
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsNumber()
  @Min(0.5)
  JOBS_POLL_INTERVAL_SECONDS = 2;

  /**
   * Hosts whose photos the property-images proxy fetches (a comma list): host names such as `files.zabun.be`, `*.<domain>` (subdomains),
   * or an exact origin such as `http://127.0.0.1:8080` (the only way to name an IP address, plain http or a port).
   * A listing photo on any other host is left out. Empty: no CRM photos, only the demo's and PROPERTY_IMAGES_URL's.
   */
  @ValidateBy({
    name: 'photoHosts',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && PhotoHosts.parse(value) !== null,
      defaultMessage: () => 'PHOTO_HOSTS must be a comma list of host names (files.zabun.be), *.<domain> wildcards or http(s)://<host>[:<port>] origins',
    },
  })
  PHOTO_HOSTS = DEFAULT_PHOTO_HOSTS;

  /**
   * Deprecated (use PHOTO_HOSTS): one photo host whose URLs are `<url>/<account>/[thumbs/]<file>`, served under
   * `/property-images/<account>/…`; kept so such URLs in caches and mails keep working.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PROPERTY_IMAGES_URL: string | undefined = undefined;

  /** Disk cache of resized photos; default <DATA_DIR>/images (a temporary folder when DATA_DIR is memory://). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  IMAGE_CACHE_DIR: string | undefined = undefined;

  /**
   * The photo cache's bound in MB (originals and variants): past it the least recently used files are deleted. The
   * default fits a pod whose 2 GiB disk also holds the embedded database.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  IMAGE_CACHE_MAX_MB = 512;

  /** Photos resized at once, one core each; the default leaves a core for the pages. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  IMAGE_CONCURRENCY = Math.max(1, availableParallelism() - 1);

  // --- Map ---

  @IsString()
  @MinLength(1)
  MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

  @IsString()
  MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

  // --- Forms: bot check, mail, rate limit ---

  /**
   * reCAPTCHA-style secret: with it every form passes the bot check. Required in production with DATABASE_URL;
   * without it (the embedded demo, development, tests) every form works unchecked, with a warning.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  BOT_CHECK_SECRET: string | undefined = undefined;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  BOT_CHECK_SITE_KEY: string | undefined = undefined;

  /**
   * Lets production with DATABASE_URL start without a bot check, saying so in its start-up warning: for a demo that
   * runs on PostgreSQL (docker-compose.yml), never for a site bots can reach. Refused beside BOT_CHECK_SECRET.
   */
  @Transform(toBool)
  @IsBoolean()
  BOT_CHECK_DISABLED = false;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  BOT_CHECK_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

  /** The provider's script, loaded (with `?render=<site key>`) on pages with forms when a site key is set. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  BOT_CHECK_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsOptional()
  @Min(0)
  @Max(1)
  BOT_CHECK_MIN_SCORE: number | undefined = undefined;

  /** smtp(s)://user:pass@host:port; without it mails are written as .eml files to MAIL_OUTBOX_DIR. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
  SMTP_URL: string | undefined = undefined;

  /** The sender address; the name shown is AGENCY_NAME unless this gives its own (`Name <address>`). */
  @IsString()
  MAIL_FROM = 'no-reply@immo.example';

  /** SMTP connections kept open to send a backlog in parallel (nodemailer's pool). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  MAIL_SMTP_CONNECTIONS = 5;

  /**
   * Who mails the visitor a confirmation (with the cancel link and an .ics invite) of a planned appointment that
   * arrives from a CRM: `site` (this site, once per appointment) or `crm` (the CRM's own template; see the README).
   */
  @IsIn(['site', 'crm'])
  APPOINTMENT_CONFIRMATIONS: 'site' | 'crm' = 'site';

  /** Default: <DATA_DIR>/outbox (none when DATA_DIR is memory://: mails then stay in the outbox table). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_OUTBOX_DIR: string | undefined = undefined;

  /** Attempts per mail before it is marked FAILED (kept, and re-queued with `npm run mail:retry`). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  MAIL_MAX_ATTEMPTS = 12;

  /** First delay between attempts; it doubles (with jitter) up to MAIL_RETRY_DELAY_MAX_SECONDS. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  MAIL_RETRY_DELAY_SECONDS = 60;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  MAIL_RETRY_DELAY_MAX_SECONDS = 3600;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  FORM_RATE_LIMIT = 5;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  FORM_RATE_WINDOW_SECONDS = 600;

  /** Send-to-a-friend, the favourites mail and viewing-request confirmations mail one address at most this often a day each. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY = 3;

  /** Send-to-a-friend mails at most this many a hour over the whole site. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SEND_TO_FRIEND_PER_HOUR = 30;

  // --- Keep me informed (subscriptions and digests) ---

  /** How often a new subscription gets its digest unless the visitor chooses: instant, daily or weekly. */
  @IsIn(['instant', 'daily', 'weekly'])
  DIGEST_DEFAULT_FREQUENCY: 'instant' | 'daily' | 'weekly' = 'daily';

  /** An unconfirmed subscription (and its confirmation link) expires after this many hours, and is then deleted. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SUBSCRIPTION_CONFIRM_HOURS = 72;

  /** An unsubscribed subscription keeps its address this many days (to answer a late link), then is anonymized. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SUBSCRIPTION_ANONYMIZE_DAYS = 30;

  /**
   * What the whole process may use (MB), the caches sized from it (src/config/memory-budget.ts). Unset: 80 % of the
   * container's memory limit (cgroup v2 or v1), else 400. loadConfig sets it, so it is a number after loading.
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(0)
  MEMORY_BUDGET_MB: number | undefined = undefined;

  /**
   * Finished pages kept in memory (MB), keyed by ETag; 0 turns the render cache off. Unset: 20 % of the budget above
   * the process's floor (loadConfig; 32 at the default budget of 400).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  RENDER_CACHE_MB = 32;

  /**
   * Sections of pages kept in memory (MB) between renders, by page version, locale, build and theme (the detail
   * page's listing sections: src/shell/rendering/section-cache.service.ts); 0 renders every section every time.
   * Unset: 10 % of the budget above the process's floor (loadConfig; 16 at the default budget of 400).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SECTION_CACHE_MB = 16;

  // --- Visitor flows: leads to the CRM, favourites, retention (GDPR) ---

  /** Source B takes website leads on a webhook; without it leads about its listings are kept but not delivered. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SOURCE_B_LEAD_WEBHOOK_URL: string | undefined = undefined;

  /** Which CRM gets a lead that is about no listing (the contact form without a reference). */
  @IsIn(['A', 'B', 'W'])
  LEAD_DEFAULT_SOURCE: 'A' | 'B' | 'W' = 'A';

  /** Attempts per lead delivery; the delay between them doubles from LEAD_RETRY_DELAY_SECONDS. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  LEAD_MAX_ATTEMPTS = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  LEAD_RETRY_DELAY_SECONDS = 60;

  /** Signs the favourites cookie (HMAC); set a long random value in production. */
  @IsString()
  @MinLength(16)
  COOKIE_SECRET = 'immo-development-cookie-secret';

  /** Listings a visitor may keep as favourites. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  FAVORITES_MAX = 50;

  /** Inquiries, contact messages and leads are deleted after this many days (the privacy page says so). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RETENTION_INQUIRY_DAYS = 730;

  /** Sent and failed mails (their copies with addresses and messages) are deleted after this many days. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RETENTION_MAIL_DAYS = 90;

  // --- Metrics (Prometheus; see docs/OPERATIONS.md). Off by default, and never public. ---

  /** A port of its own serving /metrics without a token, bound to METRICS_HOST; 0: none. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  @ValidateBy({
    name: 'metricsPortApart',
    validator: {
      validate: (value: unknown, args) => value === 0 || value !== (args?.object as AppConfig).PORT,
      defaultMessage: () => 'METRICS_PORT must differ from PORT (or be 0 for none): the metrics port is not the public one',
    },
  })
  METRICS_PORT = 0;

  /** The address METRICS_PORT listens on: loopback by default (a scraper on the same host); 0.0.0.0 in a container. */
  @IsIP()
  METRICS_HOST = '127.0.0.1';

  /** With it, /metrics on the public port answers a scraper sending `Authorization: Bearer <token>`; without, 404. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters (a long random value: it guards /metrics on the public port)' })
  METRICS_TOKEN: string | undefined = undefined;

  // --- Shutdown ---

  /** After SIGTERM, /readyz answers 503 this long before the server stops accepting, so load balancers move away. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SHUTDOWN_DELAY_MS = 2000;

  /** The whole shutdown (delay, in-flight requests, jobs, database) is bounded by this; then the process exits anyway. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /** HOLIDAY_ICAL_FEEDS as unit id → URL. */
  get holidayIcalFeeds(): ReadonlyMap<number, string> {
    return parseIcalFeeds(this.HOLIDAY_ICAL_FEEDS) ?? new Map();
  }

  /** The demo holiday units: by default where the demo is, on the embedded database only. */
  get seedDemoData(): boolean {
    return this.SEED_DEMO_DATA ?? (this.embeddedDatabase && this.demoData);
  }

  /** Whether any CRM is configured: Zabun (SOURCE_A_BASE_URL), the feed (SOURCE_B_FEED_URL) or Whise (WHISE_USERNAME). */
  get crmConfigured(): boolean {
    return !!this.SOURCE_A_BASE_URL || !!this.SOURCE_B_FEED_URL || !!this.WHISE_USERNAME;
  }

  /** DEMO_DATA as decided: explicit, else on exactly when no CRM is configured. */
  get demoData(): boolean {
    return this.DEMO_DATA ?? !this.crmConfigured;
  }

  /** The sources read from their demo fixtures (not a CRM), by name: none unless demoData, then A and B without a URL. */
  get demoSources(): ReadonlyArray<{ readonly source: 'A' | 'B'; readonly fixtures: string }> {
    if (!this.demoData) return [];
    return [
      ...(this.SOURCE_A_BASE_URL ? [] : [{ source: 'A' as const, fixtures: 'fixtures/source-a' }]),
      ...(this.SOURCE_B_FEED_URL ? [] : [{ source: 'B' as const, fixtures: 'fixtures/source-b' }]),
    ];
  }

  /** Fastify's `trustProxy`: false, or the list of trusted proxies. */
  get trustProxy(): false | string[] {
    const value = this.TRUST_PROXY.trim();
    return value === 'false' ? false : value.split(',').map((item) => item.trim());
  }

  /**
   * The one decision whether forms pass a bot check: the guard verifies a token, and every page with a form
   * loads the provider's script and sends one. Off only where the config allows no secret (the embedded demo).
   */
  get botCheckRequired(): boolean {
    return this.BOT_CHECK_SECRET !== undefined;
  }

  /** What a page with a form needs for the bot check (its site key and the provider's script), or null when it is off. */
  /** AGENCY_OPENING_DAYS as weekdays in week order (validated at start). */
  get openingDays(): readonly OpeningWeekday[] {
    return parseOpeningDays(this.AGENCY_OPENING_DAYS) ?? [];
  }

  get botCheckClient(): { readonly siteKey: string; readonly scriptUrl: string } | null {
    const siteKey = this.BOT_CHECK_SITE_KEY;
    if (!this.botCheckRequired || !siteKey) return null;
    const url = new URL(this.BOT_CHECK_SCRIPT_URL);
    url.searchParams.set('render', siteKey);
    return { siteKey, scriptUrl: url.toString() };
  }

  /** PHOTO_HOSTS, parsed (validated at load). */
  get photoHosts(): PhotoHosts {
    return PhotoHosts.parse(this.PHOTO_HOSTS)!;
  }

  /** The Whise credentials when the source is on (WHISE_USERNAME set; loadConfig checks the rest), else null. */
  get whise(): { readonly username: string; readonly password: string; readonly clientId: number; readonly officeId: number } | null {
    if (!this.WHISE_USERNAME || !this.WHISE_PASSWORD || this.WHISE_CLIENT_ID === undefined || this.WHISE_OFFICE_ID === undefined) return null;
    return { username: this.WHISE_USERNAME, password: this.WHISE_PASSWORD, clientId: this.WHISE_CLIENT_ID, officeId: this.WHISE_OFFICE_ID };
  }

  /**
   * The most one in-memory object cache may hold (MB), from the budget (20 % of it above the process's floor): read it
   * through `cacheEntries(config, bytesPerEntry, { min, max })` (src/config/memory-budget.ts).
   */
  get objectCacheMb(): number {
    return cacheSizes(this.MEMORY_BUDGET_MB ?? DEFAULT_MEMORY_BUDGET_MB, { embedded: this.embeddedDatabase }).objectCacheMb;
  }

  get embeddedDatabase(): boolean {
    return !this.DATABASE_URL;
  }

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Where each loaded configuration's memory budget came from, for the start-up log line (describeMemoryBudget). */
const budgets = new WeakMap<AppConfig, MemoryBudget>();

/**
 * Reads and validates the environment; a bad value throws a ConfigError naming every problem. `readFile` reads the
 * container's memory limit (cgroup files) for MEMORY_BUDGET_MB's default; specs hand in their own.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, readFile: ReadFile = readCgroupFile): AppConfig {
  const known = Object.keys(new AppConfig());
  const raw = Object.fromEntries(Object.entries(env).filter(([key]) => known.includes(key)));
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      // Show what the operator wrote, not the converted value.
      const value = JSON.stringify(raw[error.property] ?? error.value);
      return `  ${error.property}=${value}: ${Object.values(error.constraints ?? {}).join('; ')}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Unset, the public origin is this machine on PORT: the demo on another port logs and links itself (issue 36).
  if (raw.PUBLIC_BASE_URL === undefined) config.PUBLIC_BASE_URL = `http://localhost:${config.PORT}`;
  // One budget sizes the caches; a cache size set explicitly (0 included) wins over its share.
  const budget = memoryBudget(config.MEMORY_BUDGET_MB, readFile);
  budgets.set(config, budget);
  config.MEMORY_BUDGET_MB = budget.mb;
  const sizes = cacheSizes(budget.mb, { embedded: config.embeddedDatabase });
  if (isUnset(raw.RENDER_CACHE_MB)) config.RENDER_CACHE_MB = sizes.renderCacheMb;
  if (isUnset(raw.SECTION_CACHE_MB)) config.SECTION_CACHE_MB = sizes.sectionCacheMb;
  const whise = missingForWhise(config);
  if (whise.length > 0) throw new ConfigError(`Invalid configuration for Whise (WHISE_USERNAME is set):\n${whise.map((line) => `  ${line}`).join('\n')}`);
  if (config.BOT_CHECK_DISABLED && config.BOT_CHECK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  BOT_CHECK_DISABLED=true and BOT_CHECK_SECRET are both set: keep the secret (forms checked) or the demo switch, not both');
  }
  const missing = missingForProduction(config, raw);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration for production with DATABASE_URL:\n${missing.map((line) => `  ${line}`).join('\n')}`);
  }
  return config;
}

const isUnset = (value: unknown) => value === undefined || value === '';

/** The start-up log line on memory: the budget, where it came from, and the caches' sizes. */
export function describeMemoryBudget(config: AppConfig): string {
  const budget = budgets.get(config);
  const from =
    budget?.from === 'container limit'
      ? `${CONTAINER_SHARE * 100} % of the container's ${budget.containerLimitMb} MB limit`
      : budget?.from === 'default'
        ? 'the default: no MEMORY_BUDGET_MB, no container limit'
        : 'MEMORY_BUDGET_MB';
  const mb = config.MEMORY_BUDGET_MB ?? DEFAULT_MEMORY_BUDGET_MB;
  return `Memory budget ${mb} MB (${from}): render cache ${config.RENDER_CACHE_MB} MB, section cache ${config.SECTION_CACHE_MB} MB, up to ${config.objectCacheMb} MB per object cache`;
}

/** With WHISE_USERNAME set, the source cannot log in without the other three: say so at start, not at the first sync. */
function missingForWhise(config: AppConfig): string[] {
  if (!config.WHISE_USERNAME) return [];
  const missing: string[] = [];
  if (!config.WHISE_PASSWORD) missing.push('WHISE_PASSWORD is required (POST token)');
  if (config.WHISE_CLIENT_ID === undefined) missing.push('WHISE_CLIENT_ID is required (POST v1/admin/clients/token)');
  if (config.WHISE_OFFICE_ID === undefined) missing.push('WHISE_OFFICE_ID is required (POST v1/admin/clients/token)');
  return missing;
}

/**
 * A real deployment (production with its own database) must not fall back to the demo defaults:
 * links in mails would point at localhost, mails would go to files, forms would accept any bot.
 */
function missingForProduction(config: AppConfig, raw: Record<string, unknown>): string[] {
  if (!config.isProduction || config.embeddedDatabase) return [];
  const missing: string[] = [];
  if (raw.PUBLIC_BASE_URL === undefined || raw.PUBLIC_BASE_URL === '') {
    missing.push('PUBLIC_BASE_URL is required (the public origin of links in pages, sitemaps and mails)');
  }
  if (!config.SMTP_URL) missing.push('SMTP_URL is required (otherwise mails would only be written to files)');
  if (!config.BOT_CHECK_DISABLED) {
    if (!config.BOT_CHECK_SECRET) missing.push('BOT_CHECK_SECRET is required (the forms would accept any bot; BOT_CHECK_DISABLED=true only for a demo)');
    if (!config.BOT_CHECK_SITE_KEY) missing.push('BOT_CHECK_SITE_KEY is required (without it pages cannot get the token the bot check wants)');
  }
  if (raw.COOKIE_SECRET === undefined || raw.COOKIE_SECRET === '') missing.push('COOKIE_SECRET is required (visitors could forge the favourites cookie)');
  if (!config.crmConfigured && config.DEMO_DATA !== true) {
    missing.push(
      'a CRM is required: set SOURCE_A_BASE_URL (Zabun), SOURCE_B_FEED_URL (feed) or WHISE_USERNAME (Whise); production never serves the demo fixtures (DEMO_DATA=true only for a demo)',
    );
  }
  if (config.crmConfigured && config.DEMO_DATA === true) {
    missing.push("DEMO_DATA=true beside a CRM: the demo's fictitious listings would go live beside the agency's (unset DEMO_DATA; it is for a demo without any CRM)");
  }
  // An explicit demo on PostgreSQL (DEMO_DATA=true, no CRM) may show the demo identity; its start-up warning says so.
  if (config.DEMO_DATA !== true) missing.push(...missingForIdentity(config, raw));
  return missing;
}

/**
 * Who the agency is, as every page's footer, the legal pages and every mail state it (Code of Economic Law art. III.74
 * and XII.6, the BIV code of conduct art. 20): each must be the agency's own. A setting left unset, or set to the
 * demo's value, is named; the message never repeats a demo value, which would read as if it were the agency's.
 */
const IDENTITY = [
  ['AGENCY_NAME', "agency's name, in every page's header and as the sender's name of mails"],
  ['AGENCY_LEGAL_NAME', "agency's legal name (company name with its legal form)"],
  ['AGENCY_STREET', "street and number of the agency's registered address"],
  ['AGENCY_POSTAL_CODE', "postal code of the agency's registered address"],
  ['AGENCY_CITY', "city of the agency's registered address"],
  ['AGENCY_COMPANY_NUMBER', "agency's company number at the KBO/BCE"],
  ['AGENCY_VAT_NUMBER', "agency's VAT number"],
  ['AGENCY_BIV_NUMBER', "agent's number at the BIV/IPI"],
  ['AGENCY_BIV_TITLE', 'professional title granted by the BIV/IPI (bemiddelaar, syndicus, rentmeester)'],
  ['AGENCY_INSURER', "insurer of the agent's professional liability and surety"],
  ['AGENCY_INSURANCE_POLICY', 'number of that insurance policy'],
  ['AGENCY_PHONE', "agency's phone number"],
  ['AGENCY_EMAIL', "agency's address visitors write to"],
  ['MAIL_FROM', "sender of every mail, an address on the agency's own domain"],
] as const;

/**
 * The demo values no real agency has, refused even when set explicitly (copied from an example file). Not the title,
 * the postal code or the city alone: a real agency in Gent has 9000, and "bemiddelaar" is a real title.
 */
const DEMO_ONLY: ReadonlyArray<(typeof IDENTITY)[number][0]> = [
  'AGENCY_LEGAL_NAME', 'AGENCY_COMPANY_NUMBER', 'AGENCY_VAT_NUMBER', 'AGENCY_BIV_NUMBER', 'AGENCY_INSURER', 'AGENCY_INSURANCE_POLICY', 'AGENCY_PHONE',
];

/** The domain of the demo's addresses (AGENCY_EMAIL, MAIL_FROM and the fixtures' agents): never a real site's sender. */
const DEMO_MAIL_DOMAIN = 'immo.example';

function mailDomain(value: string): string {
  const address = /<([^>]*)>\s*$/.exec(value)?.[1] ?? value;
  return address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();
}

function isDemoValue(name: (typeof IDENTITY)[number][0], config: AppConfig, demo: AppConfig): boolean {
  if (name === 'MAIL_FROM' || name === 'AGENCY_EMAIL') return mailDomain(config[name]) === DEMO_MAIL_DOMAIN;
  // The demo's address is the three together (Kouter 1, 9000 Gent): named once, on the street.
  if (name === 'AGENCY_STREET') return (['AGENCY_STREET', 'AGENCY_POSTAL_CODE', 'AGENCY_CITY'] as const).every((part) => config[part].trim() === demo[part]);
  return DEMO_ONLY.includes(name) && String(config[name]).trim() === String(demo[name]);
}

function missingForIdentity(config: AppConfig, raw: Record<string, unknown>): string[] {
  const demo = new AppConfig();
  const missing: string[] = [];
  for (const [name, what] of IDENTITY) {
    const value = raw[name];
    // An empty value of a setting with a minimum length already failed validation.
    if (value === undefined || value === '') missing.push(`${name} is required: the ${what}`);
    else if (isDemoValue(name, config, demo)) missing.push(`${name} is the demo's value: set the ${what}`);
  }
  return missing;
}

/**
 * What runs in demo mode when production has no DATABASE_URL, for the one start-up warning:
 * everything here is fine to try the site and wrong for real visitors.
 */
export function demoOnlyFeatures(config: AppConfig): string[] {
  if (!config.isProduction) return [];
  if (!config.embeddedDatabase) {
    return [
      ...(config.BOT_CHECK_DISABLED ? ['no bot check on the forms (BOT_CHECK_DISABLED=true)'] : []),
      ...(config.DEMO_DATA === true ? ["the demo's agency identity where AGENCY_* and MAIL_FROM are not set (DEMO_DATA=true)"] : []),
      ...(config.seedDemoData ? ['demo holiday units seeded (SEED_DEMO_DATA)'] : []),
      ...config.demoSources.map(describeDemoSource),
    ];
  }
  const features = [`the embedded database in ${config.DATA_DIR} (one process; set DATABASE_URL for PostgreSQL)`];
  if (!config.BOT_CHECK_SECRET) features.push('no bot check on the forms (set BOT_CHECK_SECRET)');
  if (!config.SMTP_URL) features.push('mails written to files instead of sent (set SMTP_URL)');
  if (config.seedDemoData) features.push('demo holiday units seeded (SEED_DEMO_DATA)');
  features.push(...config.demoSources.map(describeDemoSource));
  return features;
}

const DEMO_SOURCE_LABELS = { A: 'Zabun', B: 'feed' } as const;

/** How the start-up warning, `npm run crm:check` and /metrics name a source read from its demo fixtures. */
export function describeDemoSource(demo: AppConfig['demoSources'][number]): string {
  return `source ${demo.source} (${DEMO_SOURCE_LABELS[demo.source]}): DEMO fixtures (${demo.fixtures}), not a CRM: its listings are fictitious and its appointments are never mailed (only written to the outbox without SMTP_URL)`;
}
