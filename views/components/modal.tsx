import type { ReactElement, ReactNode } from 'react';
import { Alert } from './alert.js';

export interface ModalProps {
  /** The dialog's id; the open link targets it. */
  readonly id: string;
  readonly title: string;
  readonly openLabel: string;
  readonly closeLabel: string;
  /** Shown outside the dialog after a successful submission (SPEC §4). */
  readonly successText: string;
  /** Show the success alert at once: the no-JS flow came back after Post/Redirect/Get. */
  readonly successVisible?: boolean;
  /** Rendered open (in the page, not as a modal): a post without JavaScript came back with corrections to make. */
  readonly open?: boolean;
  /** The form fragment: a real `<form action method="post">`. */
  readonly children: ReactNode;
}

/**
 * A native <dialog> with a form, opened by a link placed before it. Without JavaScript the link jumps to the
 * dialog, which CSS shows in place (`:target`); the modal-form island opens it as a modal and posts with htmx.
 */
export function Modal({ id, title, openLabel, closeLabel, successText, successVisible, open, children }: ModalProps): ReactElement {
  const titleId = `${id}-title`;
  return (
    <div className="modal-block" data-island="modal-form">
      <a className="button modal-block__open" href={`#${id}`} data-modal-open="" aria-controls={id}>
        {openLabel}
      </a>
      <Alert variant="success" hidden={!successVisible} data={{ 'modal-success': '' }}>
        {successText}
      </Alert>
      <dialog id={id} className={open ? 'modal modal--inline' : 'modal'} aria-labelledby={titleId} open={open}>
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="modal__close" data-modal-close="" aria-label={closeLabel}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z"
                />
              </svg>
            </button>
          </header>
          <div className="modal__body">
            <Alert variant="danger" hidden data={{ 'modal-error': '' }} />
            {children}
          </div>
        </div>
      </dialog>
    </div>
  );
}
