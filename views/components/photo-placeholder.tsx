import type { ReactElement } from 'react';

/** A house outline: what the property-images proxy's grey placeholder stands for, drawn without a request. */
const HOUSE = 'M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3z';

/**
 * The photo slot of a listing without photos (cards, the gallery): the same neutral grey box as the proxy's
 * placeholder for a missing photo, 3:2 like a photo, so a listing without photos still looks like a listing.
 * `label` names it for screen readers (the gallery says "No photos yet"); without one it is decorative.
 */
export function PhotoPlaceholder({ className, label }: { className?: string; label?: string }): ReactElement {
  return (
    <span
      className={className ? `photo-placeholder ${className}` : 'photo-placeholder'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-photo-placeholder=""
    >
      <svg viewBox="0 0 24 24" width="48" height="48" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={HOUSE} />
      </svg>
      {label && <span className="photo-placeholder__text">{label}</span>}
    </span>
  );
}
