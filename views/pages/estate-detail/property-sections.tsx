import type { ReactElement } from 'react';
import type { DisplayTab, EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import type { PageContext } from '../../page-context.js';
import { FieldList } from './field-list.js';

type Translate = PageContext['t'];

/** The features as a plain list of sections: short facts read faster all at once than behind tabs. */
export function FeaturesSection({ title, groups }: { title: string; groups: readonly DisplayTab[] }): ReactElement | null {
  if (groups.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="features-title">
      <h2 id="features-title">{title}</h2>
      {groups.map((group) => (
        <section key={group.name} id={`features-${group.name}`} className="feature-group" aria-labelledby={`features-${group.name}-title`}>
          <h3 id={`features-${group.name}-title`}>{group.title}</h3>
          <FieldList fields={group.fields} />
        </section>
      ))}
    </section>
  );
}

/** Floors and their rooms. */
export function LayoutSection({ floors, t }: { floors: EstateDisplayModel['layout']; t: Translate }): ReactElement | null {
  if (floors.length === 0) return null;
  return (
    <section className="detail-section" id="layout" aria-labelledby="layout-title">
      <h2 id="layout-title">{t('detail.layout')}</h2>
      <div className="floors">
        {floors.map((floor) => (
          <div className="floor" key={floor.title}>
            <h3>{floor.title}</h3>
            <ul>
              {floor.rooms.map((room, index) => (
                <li key={index}>
                  <span>
                    {room.countText && `${room.countText} `}
                    {room.label}
                  </span>
                  {room.surfaceText && <span className="floor__surface">{room.surfaceText}</span>}
                  {room.comment && <span className="floor__comment">{room.comment}</span>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

export function BuildTechnicalsSection({ items, t }: { items: EstateDisplayModel['buildTechnicals']; t: Translate }): ReactElement | null {
  if (items.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="technicals-title">
      <h2 id="technicals-title">{t('detail.buildTechnicals')}</h2>
      <dl className="field-list">
        {items.map((item, index) => (
          <div className="field-list__row" key={index}>
            <dt>{item.criteria}</dt>
            <dd>
              {item.value}
              {item.comment && <span className="field-list__comment"> ({item.comment})</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The surroundings and the facilities nearby. */
export function FacilitiesSection({ display, t }: { display: Pick<EstateDisplayModel, 'facilities' | 'environment'>; t: Translate }): ReactElement | null {
  const { facilities, environment } = display;
  if (facilities.length === 0 && !environment) return null;
  return (
    <section className="detail-section" aria-labelledby="facilities-title">
      <h2 id="facilities-title">{t('detail.facilities')}</h2>
      {environment && (
        <p>
          {t('detail.environment')}: {environment}
        </p>
      )}
      {facilities.length > 0 && (
        <ul className="chips">
          {facilities.map((facility) => (
            <li key={facility}>{facility}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
