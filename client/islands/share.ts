import { whenConsented } from '../lib/consent';

/**
 * Share links island: the links (rendered `hidden`) appear once the visitor has accepted cookies, since the
 * networks they open set their own cookies (SPEC §4); checked every 100 ms and on the consent event.
 */
export function mount(root: HTMLElement): void {
  whenConsented(() => {
    root.hidden = false;
  });
}
