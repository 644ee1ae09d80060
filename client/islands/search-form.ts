/**
 * The search form with htmx. htmx keeps a page in its history as HTML, which holds the fields' attributes, not what
 * the visitor has since checked or typed. So once a search's results have arrived (and its URL was pushed), the
 * fields' state is written into their attributes: when the visitor changes a filter, the snapshot htmx takes of
 * the page being left still shows that page's filters, and Back restores them with their results. A change of
 * transaction clears the price range: sale and rent prices have nothing in common.
 */
function reflectState(form: HTMLFormElement): void {
  for (const field of Array.from(form.elements)) {
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') field.toggleAttribute('checked', field.checked);
      else field.setAttribute('value', field.value);
    } else if (field instanceof HTMLSelectElement) {
      for (const option of Array.from(field.options)) option.toggleAttribute('selected', option.selected);
    }
  }
}

/** Where the form is the page's sidebar (search.css): wider, it is shown; narrower, folded under "Filters". */
const SIDEBAR = '(min-width: 960px)';

/**
 * The form sits in the phone's "Filters" details, closed as rendered. On a wide screen it is the sidebar: the CSS
 * shows a closed details' content (`::details-content`), and the details is opened here too, for browsers without
 * it and for everything that reads a closed details as hidden. Narrower, it folds again, and the form's own search
 * button on a phone folds the filters away, as the page without JavaScript comes back: results first.
 */
function fitFilters(form: HTMLFormElement): void {
  const details = form.closest('details');
  if (!details) return;
  const wide = window.matchMedia(SIDEBAR);
  // Never closed at mount: a visitor on a phone may have unfolded the filters before this island arrived.
  if (wide.matches) details.open = true;
  wide.addEventListener('change', () => {
    details.open = wide.matches;
  });
  form.addEventListener('submit', (event) => {
    // Only the form's own button: a search started elsewhere (the map's "search in this area") leaves it be.
    if (wide.matches || !details.open || !(event instanceof SubmitEvent) || !event.submitter || !form.contains(event.submitter)) return;
    details.open = false;
    details.scrollIntoView({ block: 'start' });
  });
}

let listening = false;

export function mount(root: HTMLElement): void {
  const form = root as HTMLFormElement;
  if (!listening) {
    listening = true;
    document.body.addEventListener('htmx:afterSettle', () => {
      const current = document.querySelector<HTMLFormElement>('form[data-island="search-form"]');
      if (current) reflectState(current);
    });
  }
  fitFilters(form);
  form.addEventListener('change', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.name === 'transaction') {
      for (const select of Array.from(form.querySelectorAll<HTMLSelectElement>('select[name="priceMin"], select[name="priceMax"]'))) select.value = '';
    }
  });
}
