import type { ReactElement } from 'react';
import type { EnergyBlock, EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import { Icon } from '../../components/icon.js';
import type { PageContext } from '../../page-context.js';
import { FieldList } from './field-list.js';

type Translate = PageContext['t'];

/**
 * What the listing's region requires an advertisement to say (the display model decides it): the heritage
 * notice, the energy mention, a rental's charges and the Flemish flood scores, near the top of the page.
 */
export function RegionMentions({ mentions, t }: { mentions: EstateDisplayModel['regionRules']; t: Translate }): ReactElement | null {
  const { energy, charges, flood, heritage } = mentions;
  if (!heritage && energy.lines.length === 0 && !charges && !flood) return null;
  return (
    <section className="region-mentions" aria-labelledby="region-mentions-title" data-region-mentions="">
      <h2 id="region-mentions-title" className="visually-hidden">
        {t('display.regionRules.title')}
      </h2>
      {heritage && (
        <p className="region-mentions__heritage" data-mention="heritage">
          <Icon name="warning" /> {heritage}
        </p>
      )}
      {energy.lines.length > 0 && (
        <dl className="region-mentions__energy" data-mention="energy">
          {energy.lines.map((line) => (
            <div key={line.code} data-field={line.code}>
              <dt>{line.label}</dt>
              <dd>{line.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {charges && (
        <p className="region-mentions__charges" data-mention="charges">
          {charges}
        </p>
      )}
      {flood && (
        <p className="region-mentions__flood" data-mention="flood">
          {flood.symbol && (
            <span className="flooding-warning">
              <Icon name="warning" /> <span>{t('display.regionRules.flood.symbol')}</span>
            </span>
          )}{' '}
          <span>
            {t('display.regionRules.flood.title')}: {flood.text}
          </span>
        </p>
      )}
    </section>
  );
}

/** The listing's energy performance, and the shared one of its building where there is one. */
export function EnergySection({ display, t }: { display: Pick<EstateDisplayModel, 'energy' | 'sharedEnergy'>; t: Translate }): ReactElement | null {
  if (!display.energy && !display.sharedEnergy) return null;
  return (
    <section className="detail-section" id="energy" aria-labelledby="energy-title">
      <h2 id="energy-title">{t('detail.energy')}</h2>
      {display.energy && <Energy block={display.energy} barLabel={t('detail.epcBar')} />}
      {display.sharedEnergy && <Energy block={display.sharedEnergy} title={t('detail.sharedEnergy')} barLabel={t('detail.epcBar')} />}
    </section>
  );
}

function Energy({ block, title, barLabel }: { block: EnergyBlock; title?: string; barLabel: string }): ReactElement {
  return (
    <div className="energy">
      {title && <h3>{title}</h3>}
      <div className="energy__summary">
        {block.label && <span className={`energy-label energy-label--${block.label.charAt(0).toLowerCase()}`}>{block.label}</span>}
        {block.valueText && <span className="energy__value">{block.valueText}</span>}
      </div>
      {block.barPercent > 0 && (
        <div className="epc-bar" role="img" aria-label={`${barLabel}: ${block.valueText ?? ''}`}>
          {/* The marker's position is an SVG attribute: the CSP allows no style attributes. */}
          <svg className="epc-bar__marker" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <line x1={block.barPercent} x2={block.barPercent} y1="0" y2="10" vectorEffect="non-scaling-stroke" />
          </svg>
        </div>
      )}
      {block.customLabel && <p className="energy__note">{block.customLabel}</p>}
      <FieldList fields={block.fields} />
    </div>
  );
}

/** Town planning: the flood warning, the region's planning questions with their info link, and the fields. */
export function PlanningSection({ display, t }: { display: Pick<EstateDisplayModel, 'planning' | 'regionRules'>; t: Translate }): ReactElement | null {
  const planningFields = display.planning.fields;
  const { planning } = display.regionRules;
  const planningMention = planning && (planning.questions.length > 0 || planning.infoUrl) ? planning : null;
  if (planningFields.length === 0 && !planningMention) return null;
  return (
    <section className="detail-section" id="planning" aria-labelledby="planning-title">
      <h2 id="planning-title">{t('detail.planning')}</h2>
      {(display.planning.floodingIcon.building || display.planning.floodingIcon.parcel) && (
        <p className="flooding-warning">
          <Icon name="warning" /> {t('detail.floodingWarning')}
        </p>
      )}
      {planningMention && <PlanningMention planning={planningMention} t={t} />}
      {planningFields.length > 0 && <FieldList fields={planningFields} />}
    </section>
  );
}

function PlanningMention({ planning, t }: { planning: NonNullable<EstateDisplayModel['regionRules']['planning']>; t: Translate }): ReactElement {
  return (
    <div className="planning-mention" data-mention="planning">
      {planning.questions.length > 0 && (
        <dl className="field-list">
          {planning.questions.map((question) => (
            <div className="field-list__row" key={question.code} data-field={`rule.${question.code}`}>
              <dt>{question.label}</dt>
              <dd>{question.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {planning.infoUrl && (
        <p>
          <a href={planning.infoUrl} rel="noopener noreferrer" target="_blank">
            {t('display.regionRules.planning.infoLink')}
          </a>{' '}
          {t('display.regionRules.planning.paperCopy')}
        </p>
      )}
    </div>
  );
}
