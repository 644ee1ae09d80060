import { fileTranslator } from '../../../test/support/file-translator.js';
import {
  epcBarPercent,
  formatArea,
  formatCo2,
  formatCurrency,
  formatDate,
  formatDistance,
  formatEpc,
  formatEpcTotal,
  formatPercent,
  isStickerSet,
  showsFloodingIcon,
} from './format.js';

describe('format', () => {
  it('currency has a euro prefix, thousands dot, decimal comma and 2 decimals', () => {
    expect(formatCurrency(1234567)).toBe('€\u00a01.234.567,00');
    expect(formatCurrency(950.5)).toBe('€\u00a0950,50');
  });

  it('keeps the euro sign on the same line as its amount (no-break space)', () => {
    expect(formatCurrency(300000).charAt(1)).toBe('\u00a0');
  });

  it('areas are in m² rounded to 2 decimals', () => {
    expect(formatArea(120.456)).toBe('120,46 m²');
    expect(formatArea(1200)).toBe('1.200 m²');
  });

  it('distances and sizes are in m rounded to 2 decimals', () => {
    expect(formatDistance(12.345)).toBe('12,35 m');
  });

  it('percentages keep the Belgian separators', () => {
    expect(formatPercent(12.5)).toBe('12,5%');
  });

  it('EPC is in kWh/m² per year, total EPC in kWh per year and CO2 in kg/m² per year, in the locale', () => {
    expect(formatEpc(245, fileTranslator('nl'))).toBe('245 kWh/m² per jaar');
    expect(formatEpcTotal(30500, fileTranslator('fr'))).toBe('30.500 kWh par an');
    expect(formatCo2(42, fileTranslator('de'))).toBe('42 kg/m² pro Jahr');
  });

  it('dates show as dd/mm/yyyy in Belgian time', () => {
    expect(formatDate(new Date('2026-03-09T23:30:00Z'))).toBe('10/03/2026');
  });
});

describe(epcBarPercent.name, () => {
  it('is the value divided by 700 as a percentage', () => {
    expect(epcBarPercent(350)).toBe(50);
    expect(epcBarPercent(245)).toBe(35);
  });

  it('EPC bar is capped at 100', () => {
    expect(epcBarPercent(1400)).toBe(100);
  });

  it('is 0 without a value', () => {
    expect(epcBarPercent(null)).toBe(0);
    expect(epcBarPercent(-5)).toBe(0);
  });
});

describe(showsFloodingIcon.name, () => {
  it('shows the icon when the first letter is after C', () => {
    expect(showsFloodingIcon('D')).toBe(true);
    expect(showsFloodingIcon('e-score')).toBe(true);
  });

  it('shows no icon for A, B, C or nothing', () => {
    for (const score of ['A', 'B', 'C', 'c', '', null, undefined]) expect(showsFloodingIcon(score)).toBe(false);
  });
});

describe(isStickerSet.name, () => {
  it('a white sticker with black text counts as unset', () => {
    expect(isStickerSet({ color: '#FFFFFF', colorText: '#000' })).toBe(false);
    expect(isStickerSet({ color: 'white', colorText: 'Black' })).toBe(false);
  });

  it('any other colours count as set', () => {
    expect(isStickerSet({ color: '#d81b60', colorText: '#ffffff' })).toBe(true);
    expect(isStickerSet({ color: '#ffffff', colorText: '#d81b60' })).toBe(true);
  });

  it('no sticker is unset', () => {
    expect(isStickerSet(null)).toBe(false);
  });
});
