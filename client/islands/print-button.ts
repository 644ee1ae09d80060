/**
 * Print button island: opens the browser's print dialog, which prints the page as a brochure (styles/print.css).
 * Without JavaScript the same link opens a hint saying how to print (#print-hint).
 */
export function mount(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    event.preventDefault();
    window.print();
  });
}
