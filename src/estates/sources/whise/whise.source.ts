import type { Locale } from '../../../routing/locales.js';
import type { Estate } from '../../domain/estate.js';
import { appointmentLocale, boundedText, type SourceAppointment } from '../appointment-source.port.js';
import { type EstateSource, type FetchOptions, type FieldGap, type SourceHealth, type SourceRecord, SourceUnavailableError } from '../estate-source.port.js';
import { currentFetchBudget } from '../http-client.js';
import { proxiedImageUrl } from '../image-url.js';
import { numberOrNull } from '../raw-text.js';
import { WhiseAuthError, type WhiseHttpApi } from './whise.api.js';
import { mapWhiseEstate, type WhiseMapContext } from './whise.mapper.js';
import type { WhiseCalendarEvent, WhiseEstate } from './whise.types.js';

/** Whise's largest page is not documented; 100 keeps a full read of a big agency to a few dozen calls. */
export const WHISE_PAGE_SIZE = 100;

/** Whise's language ids for the site's locales; texts come back as `[{ content, languageId }]`. */
const LANGUAGE_IDS: Readonly<Record<Locale, string>> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB', de: 'de-DE' };

export interface WhiseSourceOptions {
  /** WHISE_LANGUAGE, e.g. nl-BE: the language of single-language texts and of leads without a locale. */
  readonly language: string;
  /** WHISE_APPOINTMENTS: read viewing appointments from `v1/calendars/list`. */
  readonly appointments: boolean;
  /** WHISE_VIEWING_ACTION_ID: events of this action are website viewing requests, not appointments yet. */
  readonly viewingRequestActionId?: number;
  readonly now?: () => Date;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the operator should check for a refused token step. */
export function whiseAuthProblem(error: WhiseAuthError): string {
  const settings = error.step === 'token' ? 'WHISE_USERNAME / WHISE_PASSWORD' : 'WHISE_CLIENT_ID / WHISE_OFFICE_ID';
  return error.status === 401 || error.status === 403 ? `${error.message}: check ${settings}` : error.message;
}

/** A unit: it names a project other than itself. */
function isUnit(raw: WhiseEstate): boolean {
  const parent = numberOrNull(raw.parentId);
  return parent !== null && parent !== numberOrNull(raw.id);
}

/** Every Whise status and display status (fw4 Enums/Status, Enums/DisplayStatus): an incremental read asks for all. */
const ALL_STATUS_IDS = [1, 5, 6];
const ALL_DISPLAY_STATUS_IDS = [1, 2, 3, 4, 5];

/**
 * Whise (source W): pages through `v1/estates/list` by offset with ShowDetails and ShowRepresentatives (one call per
 * 100 estates gives every field the mapper reads: no call per estate), and puts the units of a project (their
 * `parentId`) under it. Incremental: with `since`, only the estates updated since (`UpdateDateTimeRange.Min`), in
 * every status and display status so an estate taken offline, archived or deleted comes back hidden; a changed
 * project or unit is re-read whole (`ProjectId`). Only the sync's full reconciliation sees an estate removed outright.
 */
export class WhiseSource implements EstateSource {
  readonly name = 'W' as const;
  readonly label = 'Whise';
  readonly incremental = true;
  /** Present only when WHISE_APPOINTMENTS is on: the sync then also reads the calendar. */
  readonly fetchAppointments?: () => Promise<readonly SourceAppointment[]>;
  private readonly context: WhiseMapContext;
  private readonly now: () => Date;

  constructor(
    private readonly api: WhiseHttpApi,
    private readonly options: WhiseSourceOptions,
  ) {
    const locale = options.language.slice(0, 2).toLowerCase();
    this.context = { imageUrl: proxiedImageUrl, locale: (locale in LANGUAGE_IDS ? locale : 'nl') as Locale };
    this.now = options.now ?? (() => new Date());
    if (options.appointments) this.fetchAppointments = () => this.readAppointments();
  }

  async health(): Promise<SourceHealth> {
    try {
      await this.api.freshClientToken();
      return { authenticated: true };
    } catch (error) {
      return { authenticated: false, problem: error instanceof WhiseAuthError ? whiseAuthProblem(error) : reason(error) };
    }
  }

  async *fetchAll(options: FetchOptions = {}): AsyncIterable<SourceRecord> {
    if (options.since) {
      let raws: WhiseEstate[];
      try {
        raws = await this.readChanged(options);
      } catch (error) {
        throw this.unavailable(error);
      }
      yield* this.mapRead(raws, new Set());
      return;
    }
    // A full read maps each page as it comes (a big account's raw estates are never all in memory at once); projects
    // and units wait for the end, when every unit of a project has been read.
    const held: WhiseEstate[] = [];
    const standalone = new Set<number>();
    try {
      for await (const page of this.pages({})) {
        for (const raw of page) {
          const id = numberOrNull(raw.id);
          if (raw.canHaveChildren === true || isUnit(raw)) held.push(raw);
          else {
            if (id !== null) standalone.add(id);
            yield* this.mapRead([raw], new Set());
          }
        }
      }
    } catch (error) {
      throw this.unavailable(error);
    }
    yield* this.mapRead(held, standalone);
  }

  private unavailable(error: unknown): SourceUnavailableError {
    return error instanceof SourceUnavailableError ? error : new SourceUnavailableError('W', error instanceof WhiseAuthError ? whiseAuthProblem(error) : reason(error));
  }

  /**
   * The records of estates read together: each project with its units under it; a unit whose project is not in the
   * read is hidden (`mappedAlone`: estates already mapped without units, which a unit cannot join any more).
   */
  private *mapRead(raws: readonly WhiseEstate[], mappedAlone: ReadonlySet<number>): Iterable<SourceRecord> {
    const unitsByProject = new Map<number, WhiseEstate[]>();
    const ids = new Set(raws.map((raw) => numberOrNull(raw.id)));
    for (const raw of raws) {
      if (isUnit(raw)) {
        const parent = numberOrNull(raw.parentId)!;
        unitsByProject.set(parent, [...(unitsByProject.get(parent) ?? []), raw]);
      }
    }
    for (const raw of raws) {
      const sourceId = String(raw.id ?? '?');
      if (isUnit(raw)) {
        const parent = numberOrNull(raw.parentId)!;
        // A unit shows under its project; without its project in the read, it has nowhere to show.
        if (mappedAlone.has(parent)) yield { ok: false, sourceId, hidden: `unit of estate ${parent}, which Whise does not mark as a project (canHaveChildren)` };
        else if (!ids.has(parent)) yield { ok: false, sourceId, hidden: `unit of project ${parent}, which is not published` };
        continue;
      }
      const units: Estate[] = [];
      const unitGaps: FieldGap[] = [];
      for (const unit of unitsByProject.get(numberOrNull(raw.id) ?? Number.NaN) ?? []) {
        const unitId = String(unit.id ?? '?');
        try {
          const mapped = mapWhiseEstate(unit, this.context);
          if ('hidden' in mapped) yield { ok: false, sourceId: unitId, hidden: mapped.hidden };
          else {
            units.push(mapped.estate);
            unitGaps.push(...mapped.gaps.map((gap) => ({ field: gap.field, reason: `unit ${unitId}: ${gap.reason}` })));
          }
        } catch (error) {
          yield { ok: false, sourceId: unitId, error: reason(error) };
        }
      }
      try {
        const mapped = mapWhiseEstate(raw, this.context, units);
        if ('hidden' in mapped) yield { ok: false, sourceId, hidden: mapped.hidden };
        else {
          const gaps = [...mapped.gaps, ...unitGaps];
          yield gaps.length > 0 ? { ok: true, estate: mapped.estate, gaps } : { ok: true, estate: mapped.estate };
        }
      } catch (error) {
        yield { ok: false, sourceId, error: reason(error) };
      }
    }
  }

  /** The filter every estate read carries: details, representatives and the site's languages. */
  private baseFilter(): Record<string, unknown> {
    return { ShowDetails: true, ShowRepresentatives: true, LanguageIds: [...new Set([this.options.language, ...Object.values(LANGUAGE_IDS)])] };
  }

  /**
   * The estates updated since `since`, in every status (so what was taken offline comes back hidden), plus each
   * touched project whole: a changed unit's project (from the unit's `parentId`, else the sync's cache) and all the
   * units of a changed project, by `ProjectId`.
   */
  private async readChanged(options: FetchOptions): Promise<WhiseEstate[]> {
    const changed = await this.readAll({
      UpdateDateTimeRange: { Min: options.since!.toISOString() },
      StatusIds: ALL_STATUS_IDS,
      DisplayStatusIds: ALL_DISPLAY_STATUS_IDS,
    });
    const projects = new Set<number>();
    for (const raw of changed) {
      const id = numberOrNull(raw.id);
      if (id === null) continue;
      const parent = numberOrNull(raw.parentId) ?? numberOrNull(options.projectOf?.(String(id)));
      if (parent !== null && parent !== id) projects.add(parent);
      else if (raw.canHaveChildren === true) projects.add(id);
    }
    if (projects.size === 0) return changed;
    const byId = new Map<number, WhiseEstate>();
    for (const raw of changed) byId.set(numberOrNull(raw.id) ?? Number.NaN, raw);
    for (const project of projects) {
      for (const raw of await this.readAll({ ProjectId: project })) {
        const id = numberOrNull(raw.id);
        if (id !== null) byId.set(id, raw);
      }
    }
    return [...byId.values()];
  }

  /** Every estate the filter selects. */
  private async readAll(filter: Record<string, unknown>): Promise<WhiseEstate[]> {
    const estates: WhiseEstate[] = [];
    for await (const page of this.pages(filter)) estates.push(...page);
    return estates;
  }

  /** The estates the filter selects, page by page; the caller makes any failure the source's unavailability. */
  private async *pages(filter: Record<string, unknown>): AsyncIterable<WhiseEstate[]> {
    const budget = currentFetchBudget();
    for (let offset = 0; ; offset += WHISE_PAGE_SIZE) {
      budget?.page();
      const answer = await this.api.listEstates({
        Filter: { ...this.baseFilter(), ...filter },
        // A stable order, so offsets do not skip or repeat an estate between pages.
        Sort: [{ Field: 'id', Ascending: true }],
        Page: { Limit: WHISE_PAGE_SIZE, Offset: offset },
      });
      // Whise leaves `estates` out when a page is empty.
      const page = answer.estates ?? [];
      if (!Array.isArray(page)) throw new Error('v1/estates/list: estates is not a list');
      budget?.addRecords(page.length);
      yield (page as WhiseEstate[]).filter((estate) => estate !== null && typeof estate === 'object');
      const total = numberOrNull(answer.totalCount);
      if (page.length < WHISE_PAGE_SIZE || (total !== null && offset + WHISE_PAGE_SIZE >= total)) return;
    }
  }

  /** A website viewing request the agent has not confirmed yet (its action is still WHISE_VIEWING_ACTION_ID). */
  private isViewingRequest(event: WhiseCalendarEvent): boolean {
    const actionId = this.options.viewingRequestActionId;
    return actionId !== undefined && numberOrNull(event.action?.id) === actionId;
  }

  /** The viewing appointments from now on; events that cannot be mapped or still requests are left out. */
  private async readAppointments(): Promise<readonly SourceAppointment[]> {
    const appointments: SourceAppointment[] = [];
    const budget = currentFetchBudget();
    try {
      for (let offset = 0; ; offset += WHISE_PAGE_SIZE) {
        budget?.page();
        const answer = await this.api.listCalendars({
          Filter: { DateTimeRange: { Min: this.now().toISOString() } },
          // Without it the events come back without their estates (bib111 Calendars/, CRM-APIS corrections).
          Field: { Included: ['estates'] },
          Sort: [
            { Field: 'startDateTime', Ascending: true },
            { Field: 'id', Ascending: true },
          ],
          Page: { Limit: WHISE_PAGE_SIZE, Offset: offset },
        });
        const page = answer.calendars ?? [];
        if (!Array.isArray(page)) throw new Error('v1/calendars/list: calendars is not a list');
        budget?.addRecords(page.length);
        for (const event of page as Array<WhiseCalendarEvent | null>) {
          const appointment = event && typeof event === 'object' && !this.isViewingRequest(event) ? mapWhiseCalendarEvent(event) : null;
          if (appointment) appointments.push(appointment);
        }
        const total = numberOrNull(answer.totalCount);
        if (page.length < WHISE_PAGE_SIZE || (total !== null && offset + WHISE_PAGE_SIZE >= total)) return appointments;
      }
    } catch (error) {
      throw new SourceUnavailableError('W', `appointments: ${error instanceof WhiseAuthError ? whiseAuthProblem(error) : reason(error)}`);
    }
  }
}

function first<T>(value: unknown): T | null {
  return Array.isArray(value) && value.length > 0 && value[0] && typeof value[0] === 'object' ? (value[0] as T) : null;
}

/**
 * A Whise calendar event as a viewing: its first estate, first contact (the visitor) and first user (the agent).
 * Null when it lacks an id, a start, an estate or the visitor's address.
 */
export function mapWhiseCalendarEvent(raw: WhiseCalendarEvent): SourceAppointment | null {
  const id = numberOrNull(raw.id);
  const start = typeof raw.startDateTime === 'string' ? new Date(raw.startDateTime) : null;
  const estate = first<{ estateId?: unknown; id?: unknown }>(raw.estates);
  const estateId = numberOrNull(estate?.estateId ?? estate?.id);
  const contact = first<Record<string, unknown>>(raw.contacts);
  const email = boundedText(contact?.privateEmail ?? contact?.email, 200);
  if (id === null || !start || Number.isNaN(start.getTime()) || estateId === null || !email) return null;
  const user = first<Record<string, unknown>>(raw.users);
  const personName = (person: Record<string, unknown> | null) =>
    [boundedText(person?.firstName, 50), boundedText(person?.name, 50)].filter(Boolean).join(' ');
  const language = typeof contact?.languageId === 'string' ? contact.languageId.slice(0, 2) : null;
  return {
    sourceId: String(id),
    listingSourceId: String(estateId),
    startsAt: start,
    cancelled: false,
    visitor: { name: personName(contact) || email, email, phone: boundedText(contact?.privateTel ?? contact?.phone, 40), locale: appointmentLocale(language) },
    agent: { name: personName(user), email: boundedText(user?.email, 200) },
  };
}
