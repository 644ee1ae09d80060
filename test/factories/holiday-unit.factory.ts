import type { DataSource } from 'typeorm';
import { HolidayRentalUnitEntity } from '../../src/holiday/persistence/holiday-unit.entity.js';

/** A holiday unit on the coast for four guests, with what a test names (its id and seasons at least). */
export async function storeHolidayUnit(dataSource: DataSource, unit: Partial<HolidayRentalUnitEntity> & Pick<HolidayRentalUnitEntity, 'id' | 'seasons'>): Promise<void> {
  const row: Omit<HolidayRentalUnitEntity, 'updatedAt'> = {
    name: { nl: 'Testhuis', en: 'Test house' },
    description: { nl: 'Een huis om te testen.' },
    houseRules: { nl: 'Niet roken.', en: 'No smoking.' },
    region: 'coast',
    street: 'Zeedijk 1',
    zip: '8400',
    city: 'Oostende',
    lat: 51.23,
    lon: 2.92,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    beds: 3,
    amenities: [],
    checkIn: '16:00',
    checkOut: '10:00',
    photos: [],
    contact: { name: 'Sofie Claes', email: 'vakantie@immo.example', phone: '+32 50 12 34 56' },
    fees: { cleaning: 80, deposit: 500, touristTaxPerPersonNight: 2.5 },
    icalUrl: null,
    ...unit,
  };
  await dataSource.getRepository(HolidayRentalUnitEntity).insert(row);
}
