import type { Translator } from '../i18n/translator.js';
import type { SearchArea } from './search-area.js';

const km = (value: number, t: Translator) => new Intl.NumberFormat(t.locale, { maximumFractionDigits: 1 }).format(value);

/** The area in words: "Within 5 km of Gent", "Within 2 km of a point on the map", "Area drawn on the map". */
export function describeArea(area: SearchArea, t: Translator, placeName: (place: string) => string = (place) => place): string {
  switch (area.kind) {
    case 'near':
      return t.t('area.describe.near', { km: km(area.radiusKm, t), place: placeName(area.place) });
    case 'circle':
      return t.t('area.describe.circle', { km: km(area.radiusKm, t) });
    case 'polygon':
      return t.t('area.describe.polygon');
  }
}
