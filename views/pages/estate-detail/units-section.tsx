import type { ReactElement } from 'react';
import type { EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import type { PageContext } from '../../page-context.js';

/** A project's units as a table, each linking to its own page; the sold or let ones are marked closed. */
export function ProjectUnitsSection({ units, t }: { units: EstateDisplayModel['units']; t: PageContext['t'] }): ReactElement | null {
  if (units.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="units-title">
      <h2 id="units-title">{t('detail.units.title')}</h2>
      <div className="table-scroll">
        <table className="units-table">
          <thead>
            <tr>
              <th scope="col">{t('detail.units.unit')}</th>
              <th scope="col">{t('detail.units.status')}</th>
              <th scope="col">{t('detail.units.bedrooms')}</th>
              <th scope="col">{t('detail.units.area')}</th>
              <th scope="col">{t('detail.units.price')}</th>
            </tr>
          </thead>
          <tbody>
            {units.map((unit) => (
              <tr key={unit.id} className={unit.available ? undefined : 'is-closed'}>
                <th scope="row">
                  <a href={unit.path} lang={unit.titleLang}>
                    {unit.title}
                  </a>
                </th>
                <td>{unit.statusLabel}</td>
                <td>{unit.bedroomsText}</td>
                <td>{unit.areaText}</td>
                <td>
                  {unit.priceText}
                  {unit.pricePerAreaText && <span className="units-table__per-area">{unit.pricePerAreaText}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
