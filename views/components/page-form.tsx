import type { ReactElement, ReactNode } from 'react';
import { Alert } from './alert.js';
import { BotCheckField, type BotCheckView } from './bot-check-field.js';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary.js';

/** How the page-form island posts the form with htmx and swaps it for the answer. */
export interface PageFormHtmx {
  /** Where htmx posts (the action without the fragment a post without JavaScript lands at). */
  readonly post: string;
  /** The part of the answer to swap in, when the answer is a whole page. */
  readonly select?: string;
  readonly disinherit?: string;
  /** What the island says when the post fails without a message of its own. */
  readonly failureText: string;
}

export interface PageFormProps {
  readonly id?: string;
  readonly className: string;
  readonly action: string;
  /** Absent on forms another island posts (the inquiry forms, in the modal-form island). */
  readonly htmx?: PageFormHtmx;
  /** data-* attributes by name without the prefix. */
  readonly data?: Readonly<Record<string, string>>;
  /** Shown above the error summary (a heading and what the form is for). */
  readonly intro?: ReactNode;
  /** The refused post's summary, at the top of the form. */
  readonly errorSummary?: string | null;
  /** Links from the summary to each field to correct, in an error summary with this id. */
  readonly errorLinks?: { readonly id: string; readonly items: readonly ErrorSummaryItem[] };
  readonly botCheck: BotCheckView | null | undefined;
  readonly children: ReactNode;
}

/**
 * A visitor's form that works without JavaScript (Post/Redirect/Get) and that an island posts with htmx: its
 * opening, the summary of a refused post and the bot check's token field, the same in every such form.
 */
export function PageForm({ id, className, action, htmx, data = {}, intro, errorSummary, errorLinks, botCheck, children }: PageFormProps): ReactElement {
  const dataAttributes = Object.fromEntries(Object.entries(data).map(([name, value]) => [`data-${name}`, value]));
  const htmxAttributes = htmx && {
    'hx-post': htmx.post,
    'hx-target': 'this',
    'hx-select': htmx.select,
    'hx-swap': 'outerHTML',
    'hx-disinherit': htmx.disinherit,
    'data-island': 'page-form',
    'data-failure-text': htmx.failureText,
  };
  return (
    <form className={className} id={id} action={action} method="post" {...htmxAttributes} {...dataAttributes}>
      {intro}
      {errorSummary &&
        (errorLinks ? (
          <ErrorSummary id={errorLinks.id} summary={errorSummary} items={errorLinks.items} />
        ) : (
          <Alert variant="danger">
            <p>{errorSummary}</p>
          </Alert>
        ))}
      <BotCheckField botCheck={botCheck} />
      {children}
    </form>
  );
}
