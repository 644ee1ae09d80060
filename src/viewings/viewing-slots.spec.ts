import { checkSlots, offeredDays, offeredSlots, offeredSlotsKey, parseSlot, slotInWords, slotTimes, type Weekday } from './viewing-slots.js';

const MON_SAT: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** Thursday 26 November 2026 at 10:30 in Brussels (09:30 UTC, winter time). */
const THURSDAY_MORNING = new Date('2026-11-26T09:30:00Z');
/** The same Thursday at 12:00 sharp in Brussels. */
const THURSDAY_NOON = new Date('2026-11-26T11:00:00Z');

describe(offeredDays.name, () => {
  it('offers today and the 13 days after it, on opening days only, morning and afternoon', () => {
    const days = offeredDays(THURSDAY_MORNING, MON_SAT);
    expect(days.map((day) => day.date)).toEqual([
      '2026-11-26', '2026-11-27', '2026-11-28',
      '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05',
      '2026-12-07', '2026-12-08', '2026-12-09',
    ]);
    expect(days[0]!.slots.map((slot) => slot.id)).toEqual(['2026-11-26-am', '2026-11-26-pm']);
    expect(days.every((day) => day.weekday !== 'sun')).toBe(true);
  });

  it("drops this morning at noon (Brussels time) and this afternoon at 18:00", () => {
    expect(offeredDays(THURSDAY_NOON, MON_SAT)[0]!.slots.map((slot) => slot.id)).toEqual(['2026-11-26-pm']);
    expect(offeredDays(new Date('2026-11-26T10:59:00Z'), MON_SAT)[0]!.slots.map((slot) => slot.id)).toEqual(['2026-11-26-am', '2026-11-26-pm']);
    expect(offeredDays(new Date('2026-11-26T17:00:00Z'), MON_SAT)[0]!.date).toBe('2026-11-27');
  });

  it('reads the day in Brussels, not in UTC: 23:30 UTC on Thursday is already Friday', () => {
    expect(offeredDays(new Date('2026-11-26T23:30:00Z'), MON_SAT)[0]!.slots.map((slot) => slot.id)).toEqual(['2026-11-27-am', '2026-11-27-pm']);
  });

  it('follows summer time: 10:30 UTC in July is 12:30 in Brussels, past noon', () => {
    expect(offeredDays(new Date('2026-07-02T10:30:00Z'), MON_SAT)[0]!.slots.map((slot) => slot.id)).toEqual(['2026-07-02-pm']);
  });

  it('offers nothing when the agency opens on no day of the window', () => {
    expect(offeredDays(THURSDAY_MORNING, [])).toEqual([]);
    expect(offeredSlotsKey(THURSDAY_MORNING, [])).toBe('none');
  });

  it('offers only the configured days', () => {
    expect(offeredDays(THURSDAY_MORNING, ['sat']).map((day) => day.date)).toEqual(['2026-11-28', '2026-12-05']);
  });
});

describe(offeredSlotsKey.name, () => {
  it('changes when a slot closes, so a cached form never offers it', () => {
    expect(offeredSlotsKey(THURSDAY_MORNING, MON_SAT)).toBe('2026-11-26-am..2026-12-09-pm');
    expect(offeredSlotsKey(THURSDAY_NOON, MON_SAT)).toBe('2026-11-26-pm..2026-12-09-pm');
  });

  it('changes when an opening day enters the far end of the window: Saturday 19:00 vs Sunday and Monday 09:00', () => {
    const saturdayEvening = new Date('2026-11-28T18:00:00Z'); // 19:00 in Brussels
    const sundayMorning = new Date('2026-11-29T09:00:00Z');
    const mondayMorning = new Date('2026-11-30T08:00:00Z'); // 09:00 in Brussels
    // Same first slot (Monday morning), but from Sunday on the window reaches Saturday 12 December.
    expect(offeredSlots(saturdayEvening, MON_SAT).at(-1)!.id).toBe('2026-12-11-pm');
    expect(offeredSlots(mondayMorning, MON_SAT).at(-1)!.id).toBe('2026-12-12-pm');
    expect(offeredSlotsKey(saturdayEvening, MON_SAT)).not.toBe(offeredSlotsKey(mondayMorning, MON_SAT));
    expect(offeredSlotsKey(sundayMorning, MON_SAT)).toBe(offeredSlotsKey(mondayMorning, MON_SAT));
  });

  it('is equal for two instants exactly when their slot lists are equal (every half hour of three weeks)', () => {
    const start = Date.parse('2026-11-20T00:00:00Z');
    const instants = Array.from({ length: 21 * 48 }, (_, index) => new Date(start + index * 30 * 60_000));
    for (const openingDays of [MON_SAT, ['mon', 'tue', 'wed', 'thu', 'fri'] as Weekday[], ['sat'] as Weekday[]]) {
      const byKey = new Map<string, string>();
      const byList = new Map<string, string>();
      for (const now of instants) {
        const key = offeredSlotsKey(now, openingDays);
        const list = offeredSlots(now, openingDays).map((slot) => slot.id).join(',');
        expect(byKey.get(key) ?? list).toBe(list);
        expect(byList.get(list) ?? key).toBe(key);
        byKey.set(key, list);
        byList.set(list, key);
      }
    }
  });
});

describe(checkSlots.name, () => {
  const offered = offeredSlots(THURSDAY_MORNING, MON_SAT).map((slot) => slot.id);

  it('accepts one to three offered slots, in calendar order, repeats once', () => {
    expect(checkSlots(['2026-12-01-pm', '2026-11-27-am', '2026-12-01-pm'], THURSDAY_MORNING, MON_SAT)).toEqual({
      problem: null,
      slots: [
        { id: '2026-11-27-am', date: '2026-11-27', halfDay: 'am', weekday: 'fri' },
        { id: '2026-12-01-pm', date: '2026-12-01', halfDay: 'pm', weekday: 'tue' },
      ],
    });
    expect(checkSlots(offered.slice(0, 3), THURSDAY_MORNING, MON_SAT).problem).toBeNull();
  });

  it('requires at least one slot', () => {
    expect(checkSlots([], THURSDAY_MORNING, MON_SAT).problem).toBe('viewings.errors.slotsRequired');
    expect(checkSlots(['', ' '], THURSDAY_MORNING, MON_SAT).problem).toBe('viewings.errors.slotsRequired');
  });

  it('refuses more than three', () => {
    expect(checkSlots(offered.slice(0, 4), THURSDAY_MORNING, MON_SAT).problem).toBe('viewings.errors.slotsTooMany');
  });

  it.each([
    ['a past day', '2026-11-25-pm'],
    ["this morning once it is past noon (posted at 12:00)", '2026-11-26-am'],
    ['a closed day (Sunday)', '2026-11-29-am'],
    ['beyond the 14 days', '2026-12-10-am'],
    ['no slot at all', 'tomorrow'],
    ['an evening', '2026-11-27-ev'],
    ['an impossible date', '2026-11-31-am'],
  ])('refuses %s', (_case, slot) => {
    expect(checkSlots([slot, '2026-11-27-am'], THURSDAY_NOON, MON_SAT).problem).toBe('viewings.errors.slotUnavailable');
  });
});

describe(parseSlot.name, () => {
  it('reads a slot id and refuses anything else', () => {
    expect(parseSlot('2026-12-01-pm')).toEqual({ id: '2026-12-01-pm', date: '2026-12-01', halfDay: 'pm', weekday: 'tue' });
    expect(parseSlot('2026-02-30-am')).toBeNull();
    expect(parseSlot('2026-12-01')).toBeNull();
  });
});

describe(slotTimes.name, () => {
  it('gives Belgian local times with the offset of the day (winter and summer)', () => {
    expect(slotTimes({ date: '2026-12-01', halfDay: 'am' })).toEqual({ start: '2026-12-01T09:00:00+01:00', end: '2026-12-01T12:00:00+01:00' });
    expect(slotTimes({ date: '2026-07-02', halfDay: 'pm' })).toEqual({ start: '2026-07-02T14:00:00+02:00', end: '2026-07-02T18:00:00+02:00' });
  });
});

describe(slotInWords.name, () => {
  it('writes the day in the language asked for', () => {
    const words = { am: 'voormiddag (9–12 u)', pm: 'namiddag (14–18 u)' };
    expect(slotInWords({ date: '2026-12-01', halfDay: 'am' }, 'nl', words)).toBe('dinsdag 1 december 2026, voormiddag (9–12 u)');
    expect(slotInWords({ date: '2026-12-01', halfDay: 'pm' }, 'fr', { am: 'matin', pm: 'après-midi' })).toBe('mardi 1 décembre 2026, après-midi');
  });
});
