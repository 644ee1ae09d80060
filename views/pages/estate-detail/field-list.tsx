import type { ReactElement } from 'react';
import type { DisplayTab } from '../../../src/estates/display/estate-display.js';

/** Label and value rows: the features, energy and town planning sections show their fields the same way. */
export function FieldList({ fields }: { fields: DisplayTab['fields'] }): ReactElement {
  return (
    <dl className="field-list">
      {fields.map((field) => (
        <div className="field-list__row" key={field.code} data-field={field.code}>
          <dt lang={field.labelLang}>{field.label}</dt>
          <dd lang={field.lang}>{field.text}</dd>
        </div>
      ))}
    </dl>
  );
}
