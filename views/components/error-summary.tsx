import type { ReactElement } from 'react';

export interface ErrorSummaryItem {
  /** The id of the field to correct (the link's target). */
  readonly fieldId: string;
  readonly label: string;
  readonly message: string;
}

/**
 * What to correct, at the top of a refused form, with a link to each field. It has an id the form's action points
 * to (`action="…#<id>"`), so without JavaScript the refused page opens at it; `tabIndex=-1` and
 * `data-error-summary` let the page-form island move the focus to it after an htmx swap.
 */
export function ErrorSummary({ id, summary, items }: { id: string; summary: string; items: readonly ErrorSummaryItem[] }): ReactElement {
  return (
    <div id={id} className="alert alert--danger error-summary" role="alert" tabIndex={-1} data-error-summary="">
      <svg className="alert__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z" />
      </svg>
      <div className="alert__text">
        <p>{summary}</p>
        {items.length > 0 && (
          <ul className="error-summary__list">
            {items.map((item) => (
              <li key={item.fieldId}>
                <a href={`#${item.fieldId}`}>
                  {item.label}: {item.message}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
