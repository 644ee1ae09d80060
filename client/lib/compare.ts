/**
 * The favourites page's comparison form works without JavaScript (the server refuses a wrong count with a message).
 * With it, the status line says how many listings are ticked and the button waits for two to four; the comparison
 * page gets a print button.
 */
export function enhanceCompare(root: ParentNode = document): void {
  root.querySelectorAll<HTMLFormElement>('form[data-compare-status]').forEach((form) => {
    if (form.dataset.compareReady) return;
    form.dataset.compareReady = 'true';
    const texts = JSON.parse(form.dataset.compareStatus ?? '[]') as string[];
    const min = Number(form.dataset.compareMin);
    const max = Number(form.dataset.compareMax);
    const line = form.querySelector<HTMLElement>('[data-compare-status-line]');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const picks = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[data-compare-pick]')).filter((input) => input.form === form);
    const update = () => {
      const count = picks().filter((input) => input.checked).length;
      if (line) line.textContent = texts[Math.min(count, texts.length - 1)] ?? '';
      if (button) button.disabled = count < min || count > max;
    };
    document.addEventListener('change', (event) => {
      if (event.target instanceof HTMLInputElement && event.target.form === form) update();
    });
    // Back to the page: the browser may have kept the ticks.
    window.addEventListener('pageshow', update);
    update();
  });
  root.querySelectorAll<HTMLButtonElement>('button[data-compare-print]').forEach((button) => {
    if (!button.hidden) return;
    button.hidden = false;
    button.addEventListener('click', () => window.print());
  });
}
