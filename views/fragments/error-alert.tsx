import type { ReactElement } from 'react';

/** The fragment htmx swaps in when a request fails. */
export function ErrorAlert({ message }: { message?: string }): ReactElement {
  return (
    <div className="alert alert--danger" role="alert">
      {message}
    </div>
  );
}
