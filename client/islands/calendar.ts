/**
 * Availability calendar island: the month tables become one grid for the keyboard. One day is in the tab order
 * (roving tabindex); arrow keys move a day or a week, Home/End to the week's start or end, Page Up/Down a month.
 * Moving past a month's edge continues in the next table, so all twelve months are one path, also into the months
 * a phone keeps folded until asked.
 */
const KEYS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function addMonth(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

export function mount(root: HTMLElement): void {
  const cell = (date: string) => root.querySelector<HTMLTableCellElement>(`td[data-date="${date}"]`);
  const focusDay = (from: HTMLTableCellElement, target: HTMLTableCellElement | null) => {
    if (!target) return;
    // A phone shows the later months on request: the keyboard going there shows them too (holiday.css).
    if (target.getClientRects().length === 0) target.closest('.availability__later')?.classList.add('availability__later--shown');
    from.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  };
  root.addEventListener('keydown', (event) => {
    const current = (event.target as HTMLElement).closest<HTMLTableCellElement>('td[data-date]');
    if (!current) return;
    const date = current.dataset.date!;
    let next: string | null = null;
    if (event.key in KEYS) next = addDays(date, KEYS[event.key]);
    else if (event.key === 'PageDown') next = addMonth(date, 1);
    else if (event.key === 'PageUp') next = addMonth(date, -1);
    else if (event.key === 'Home' || event.key === 'End') {
      const row = Array.from(current.parentElement!.querySelectorAll<HTMLTableCellElement>('td[data-date]'));
      next = (event.key === 'Home' ? row[0] : row[row.length - 1]).dataset.date!;
    }
    if (next === null) return;
    event.preventDefault();
    focusDay(current, cell(next));
  });
  root.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest<HTMLTableCellElement>('td[data-date]');
    const current = root.querySelector<HTMLTableCellElement>('td[tabindex="0"]');
    if (target && current && target !== current) focusDay(current, target);
  });
}
