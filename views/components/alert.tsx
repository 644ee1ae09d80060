import type { ReactElement, ReactNode } from 'react';

export type AlertVariant = 'success' | 'danger' | 'info';

export interface AlertProps {
  readonly variant: AlertVariant;
  readonly children?: ReactNode;
  readonly hidden?: boolean;
  readonly id?: string;
  /** data-* attributes by name without the prefix, for islands that find the alert. */
  readonly data?: Readonly<Record<string, string>>;
}

const ICONS: Record<AlertVariant, string> = {
  success: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  danger: 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z',
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
};

/** A message box. Danger alerts interrupt (role alert); the others are announced politely (role status). */
export function Alert({ variant, children, hidden, id, data = {} }: AlertProps): ReactElement {
  const dataAttributes = Object.fromEntries(Object.entries(data).map(([name, value]) => [`data-${name}`, value]));
  return (
    <div id={id} className={`alert alert--${variant}`} role={variant === 'danger' ? 'alert' : 'status'} hidden={hidden} {...dataAttributes}>
      <svg className="alert__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ICONS[variant]} />
      </svg>
      {children !== undefined && <div className="alert__text">{children}</div>}
    </div>
  );
}
