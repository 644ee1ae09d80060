/** Small DOM helpers shared by the islands. */

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  attributes: Readonly<Record<string, string>> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

const ICONS = {
  previous: 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z',
  next: 'M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6z',
  close: 'M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z',
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
} as const;

export type ControlIcon = keyof typeof ICONS;

/** A button with an icon and an accessible name (the icon is decorative). */
export function iconButton(className: string, icon: ControlIcon, label: string): HTMLButtonElement {
  const button = element('button', className, { type: 'button', 'aria-label': label });
  button.innerHTML = `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${ICONS[icon]}"/></svg>`;
  return button;
}

export function setIcon(button: HTMLButtonElement, icon: ControlIcon): void {
  button.querySelector('path')?.setAttribute('d', ICONS[icon]);
}

/**
 * Tells a click from the end of a drag: a pointer that travelled more than `thresholdPx` since it was
 * pressed inside `area` was dragging (keyboard clicks never travel).
 */
export function dragGuard(area: HTMLElement, thresholdPx: number): () => boolean {
  let start: { x: number; y: number } | undefined;
  let travelled = 0;
  area.addEventListener('pointerdown', (event) => {
    start = { x: event.clientX, y: event.clientY };
    travelled = 0;
  });
  area.addEventListener('pointermove', (event) => {
    if (!start) return;
    travelled = Math.max(travelled, Math.hypot(event.clientX - start.x, event.clientY - start.y));
  });
  return () => {
    const dragged = travelled > thresholdPx;
    start = undefined;
    travelled = 0;
    return dragged;
  };
}

export function debounce(run: () => void, waitMs: number): () => void {
  let timer: number | undefined;
  return () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(run, waitMs);
  };
}
