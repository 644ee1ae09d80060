import type { ReactElement } from 'react';
import { Alert } from '../components/alert.js';

/** The fragment htmx gets when a request fails: a danger alert that says what went wrong. */
export function ErrorAlert({ message }: { message?: string }): ReactElement {
  return <Alert variant="danger">{message}</Alert>;
}
