import { element } from './dom';
import { type CityComboboxProps, type CitySuggestionJson, PLACE_TYPED_EVENT } from './search-props';

/** Typing pauses this long before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

/** Lower case without accents: "liège" is "Liège" typed quickly. */
function comparable(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** The term being typed: the text after the last comma (several places may be searched at once). */
function currentTerm(value: string): string {
  return value.slice(value.lastIndexOf(',') + 1).trim();
}

function replaceCurrentTerm(value: string, replacement: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? replacement : `${value.slice(0, comma + 1)} ${replacement}`;
}

/** What the steps of one combobox share: its parts and the state kept between keystrokes. */
interface Combobox {
  readonly props: CityComboboxProps;
  readonly input: HTMLInputElement;
  readonly list: HTMLUListElement;
  readonly status: HTMLElement;
  timer: number | undefined;
  request: AbortController | undefined;
  /** The index of the active option, -1 for none. */
  active: number;
  /** What the field held when a place was last searched or chosen. */
  lastTyped: string;
}

/**
 * Gives the field its listbox, its status region and the combobox roles, around it where it is: the field is never
 * moved (a focused field moved in the page loses the focus, and the visitor who typed its first letter before this
 * island mounted would type the rest into nothing while the form searched for that letter). The island's own element
 * is the listbox's frame; the list opens under the field (`place`).
 */
function build(root: HTMLElement, input: HTMLInputElement, props: CityComboboxProps): Combobox {
  const listId = `${input.id}-list`;
  // A page restored from htmx's history brings the combobox as it was left: its list and status are made anew.
  for (const stale of Array.from(root.querySelectorAll('.combobox__list, .combobox__status'))) stale.remove();
  const list = element('ul', 'combobox__list', { id: listId, role: 'listbox', 'aria-label': props.listLabel });
  list.hidden = true;
  const status = element('div', 'visually-hidden combobox__status', { role: 'status' });
  root.classList.add('combobox');
  input.after(list);
  root.append(status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);
  return { props, input, list, status, timer: undefined, request: undefined, active: -1, lastTyped: comparable(input.value) };
}

/** The list hangs from the field's bottom edge (the island's element also holds the label and the hint). */
function place(box: Combobox): void {
  box.list.style.top = `${box.input.offsetTop + box.input.offsetHeight}px`;
}

function options(box: Combobox): HTMLLIElement[] {
  return Array.from(box.list.querySelectorAll<HTMLLIElement>('[role="option"]'));
}

function close(box: Combobox): void {
  box.list.hidden = true;
  box.input.setAttribute('aria-expanded', 'false');
  box.input.removeAttribute('aria-activedescendant');
  box.active = -1;
}

function activate(box: Combobox, index: number): void {
  const all = options(box);
  if (all.length === 0) return;
  box.active = (index + all.length) % all.length;
  all.forEach((option, position) => option.setAttribute('aria-selected', String(position === box.active)));
  const chosen = all[box.active]!;
  box.input.setAttribute('aria-activedescendant', chosen.id);
  chosen.scrollIntoView({ block: 'nearest' });
}

function choose(box: Combobox, option: HTMLLIElement): void {
  const { input } = box;
  input.value = replaceCurrentTerm(input.value, option.dataset.value ?? '');
  box.lastTyped = comparable(input.value);
  close(box);
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function optionOf(box: Combobox, city: CitySuggestionJson, index: number): HTMLLIElement {
  const option = element('li', 'combobox__option', { id: `${box.list.id}-${index}`, role: 'option', 'aria-selected': 'false' });
  option.dataset.value = city.name;
  const label = element('span', 'combobox__label');
  label.textContent = city.label;
  const count = element('span', 'combobox__count');
  count.textContent = city.countText;
  option.append(label, count);
  // mousedown, not click: the field must not lose focus (and close the list) before the choice is taken.
  option.addEventListener('mousedown', (event) => {
    event.preventDefault();
    choose(box, option);
  });
  return option;
}

function render(box: Combobox, suggestions: readonly CitySuggestionJson[]): void {
  const { props, input, list } = box;
  list.replaceChildren();
  suggestions.forEach((city, index) => list.append(optionOf(box, city, index)));
  if (suggestions.length === 0) {
    const empty = element('li', 'combobox__empty', { role: 'presentation' });
    empty.textContent = props.noMatches;
    list.append(empty);
  }
  box.active = -1;
  input.removeAttribute('aria-activedescendant');
  place(box);
  list.hidden = false;
  input.setAttribute('aria-expanded', 'true');
  const text = suggestions.length === 0 ? props.countTexts.zero : suggestions.length === 1 ? props.countTexts.one : props.countTexts.other;
  box.status.textContent = text.replace('{count}', String(suggestions.length));
}

/** Runs the search when what is typed is a whole place (or nothing): the form's trigger debounces it. */
function placeTyped(box: Combobox, suggestions: readonly CitySuggestionJson[]): void {
  const { input } = box;
  const term = comparable(currentTerm(input.value));
  const whole = input.value.trim() === '' || suggestions.some((city) => comparable(city.name) === term || city.zip === term);
  if (!whole || comparable(input.value) === box.lastTyped) return;
  box.lastTyped = comparable(input.value);
  input.dispatchEvent(new CustomEvent(PLACE_TYPED_EVENT, { bubbles: true }));
}

/** The transaction the search form asks for: each place's count is of the listings that search finds there. */
function transactionOf(input: HTMLInputElement): string {
  const field = input.form?.elements.namedItem('transaction');
  const value = field && 'value' in field ? field.value : '';
  return value ? `&transaction=${encodeURIComponent(value)}` : '';
}

async function suggest(box: Combobox): Promise<void> {
  const { input } = box;
  const term = currentTerm(input.value);
  box.request?.abort();
  if (term.length === 0) {
    close(box);
    placeTyped(box, []);
    return;
  }
  box.request = new AbortController();
  try {
    const response = await fetch(`${box.props.url}?q=${encodeURIComponent(term)}${transactionOf(input)}`, { headers: { Accept: 'application/json' }, signal: box.request.signal });
    if (!response.ok) return;
    if (document.activeElement !== input) return;
    const suggestions = (await response.json()) as CitySuggestionJson[];
    render(box, suggestions);
    placeTyped(box, suggestions);
  } catch {
    // Aborted by newer typing, or offline: the field still works as plain text.
  }
}

function suggestWhileTyping(box: Combobox): void {
  box.input.addEventListener('input', () => {
    window.clearTimeout(box.timer);
    box.timer = window.setTimeout(() => void suggest(box), SUGGEST_DELAY_MS);
  });
}

/** Arrows move, Enter chooses, Escape and Tab close; leaving the field closes the list too. */
function wireKeyboard(box: Combobox): void {
  const { input, list } = box;
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden && options(box).length > 0;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (open) activate(box, box.active + 1);
        else void suggest(box);
        break;
      case 'ArrowUp':
        if (open) {
          event.preventDefault();
          activate(box, box.active - 1);
        }
        break;
      case 'Enter':
        if (open && box.active >= 0) {
          event.preventDefault();
          choose(box, options(box)[box.active]!);
        }
        break;
      case 'Escape':
        if (!list.hidden) {
          event.preventDefault();
          close(box);
        }
        break;
      case 'Tab':
        close(box);
        break;
      default:
    }
  });
  input.addEventListener('blur', () => close(box));
}

/**
 * The location field as an ARIA 1.2 combobox (list autocomplete): the text field keeps focus, the listbox's
 * active option is named by aria-activedescendant, the number of suggestions is announced politely. Arrows move,
 * Enter chooses, Escape closes. Choosing an option fills the term being typed and fires `change`, which runs the
 * search. Without JavaScript the field stays a plain text field the search understands.
 */
export function mount(root: HTMLElement, rawProps: unknown): void {
  const props = rawProps as CityComboboxProps;
  const input = root.querySelector<HTMLInputElement>('input[name="locations"]');
  if (!input || !props.url) return;
  const box = build(root, input, props);
  suggestWhileTyping(box);
  wireKeyboard(box);
}
