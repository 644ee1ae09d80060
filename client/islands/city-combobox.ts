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
  const listId = `${input.id}-list`;
  // A page restored from htmx's history brings the combobox as it was left: take it apart and build it anew.
  root.querySelector('.combobox')?.replaceWith(input);
  const list = element('ul', 'combobox__list', { id: listId, role: 'listbox', 'aria-label': props.listLabel });
  list.hidden = true;
  const status = element('div', 'visually-hidden', { role: 'status' });
  const wrapper = element('div', 'combobox');
  input.replaceWith(wrapper);
  wrapper.append(input, list, status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);

  let timer: number | undefined;
  let request: AbortController | undefined;
  let active = -1;
  const options = () => Array.from(list.querySelectorAll<HTMLLIElement>('[role="option"]'));

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const activate = (index: number) => {
    const all = options();
    if (all.length === 0) return;
    active = (index + all.length) % all.length;
    all.forEach((option, position) => option.setAttribute('aria-selected', String(position === active)));
    const chosen = all[active]!;
    input.setAttribute('aria-activedescendant', chosen.id);
    chosen.scrollIntoView({ block: 'nearest' });
  };

  const choose = (option: HTMLLIElement) => {
    input.value = replaceCurrentTerm(input.value, option.dataset.value ?? '');
    lastTyped = comparable(input.value);
    close();
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const render = (suggestions: readonly CitySuggestionJson[]) => {
    list.replaceChildren();
    suggestions.forEach((city, index) => {
      const option = element('li', 'combobox__option', { id: `${listId}-${index}`, role: 'option', 'aria-selected': 'false' });
      option.dataset.value = city.name;
      const label = element('span', 'combobox__label');
      label.textContent = city.label;
      const count = element('span', 'combobox__count');
      count.textContent = city.countText;
      option.append(label, count);
      // mousedown, not click: the field must not lose focus (and close the list) before the choice is taken.
      option.addEventListener('mousedown', (event) => {
        event.preventDefault();
        choose(option);
      });
      list.append(option);
    });
    if (suggestions.length === 0) {
      const empty = element('li', 'combobox__empty', { role: 'presentation' });
      empty.textContent = props.noMatches;
      list.append(empty);
    }
    active = -1;
    input.removeAttribute('aria-activedescendant');
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    const text = suggestions.length === 0 ? props.countTexts.zero : suggestions.length === 1 ? props.countTexts.one : props.countTexts.other;
    status.textContent = text.replace('{count}', String(suggestions.length));
  };

  /** Runs the search when what is typed is a whole place (or nothing): the form's trigger debounces it. */
  let lastTyped = comparable(input.value);
  const placeTyped = (suggestions: readonly CitySuggestionJson[]) => {
    const term = comparable(currentTerm(input.value));
    const whole = input.value.trim() === '' || suggestions.some((city) => comparable(city.name) === term || city.zip === term);
    if (!whole || comparable(input.value) === lastTyped) return;
    lastTyped = comparable(input.value);
    input.dispatchEvent(new CustomEvent(PLACE_TYPED_EVENT, { bubbles: true }));
  };

  const suggest = async () => {
    const term = currentTerm(input.value);
    request?.abort();
    if (term.length === 0) {
      close();
      placeTyped([]);
      return;
    }
    request = new AbortController();
    try {
      const response = await fetch(`${props.url}?q=${encodeURIComponent(term)}`, { headers: { Accept: 'application/json' }, signal: request.signal });
      if (!response.ok) return;
      if (document.activeElement !== input) return;
      const suggestions = (await response.json()) as CitySuggestionJson[];
      render(suggestions);
      placeTyped(suggestions);
    } catch {
      // Aborted by newer typing, or offline: the field still works as plain text.
    }
  };

  input.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void suggest(), SUGGEST_DELAY_MS);
  });
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden && options().length > 0;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (open) activate(active + 1);
        else void suggest();
        break;
      case 'ArrowUp':
        if (open) {
          event.preventDefault();
          activate(active - 1);
        }
        break;
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          choose(options()[active]!);
        }
        break;
      case 'Escape':
        if (!list.hidden) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
      default:
    }
  });
  input.addEventListener('blur', () => close());
}
