import { loadChunk } from './chunk-loader';

type IslandMount = (element: HTMLElement, props: unknown) => void | Promise<void>;
type IslandModule = { mount: IslandMount };

/** Island name -> its on-demand module. Each is a separate chunk, fetched only when a page has one. */
const REGISTRY: Record<string, () => Promise<IslandModule>> = {};

export function registerIsland(name: string, load: () => Promise<IslandModule>): void {
  REGISTRY[name] = load;
}

function readProps(element: HTMLElement): unknown {
  const raw = element.dataset.props;
  if (!raw) return {};
  try {
    return JSON.parse(raw);
  } catch {
    return {};
  }
}

/** Shows a retry button in place of an island whose code failed to load. */
function offerRetry(element: HTMLElement, name: string, error: Error): void {
  element.dataset.islandState = 'failed';
  const notice = document.createElement('div');
  notice.className = 'island-error';
  notice.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = element.dataset.errorText || error.message;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--small';
  button.textContent = element.dataset.retryText || 'Retry';
  button.addEventListener('click', () => {
    notice.remove();
    void mountIsland(element, name);
  });
  notice.append(text, button);
  element.append(notice);
}

async function mountIsland(element: HTMLElement, name: string): Promise<void> {
  const load = REGISTRY[name];
  if (!load) return;
  element.dataset.islandState = 'loading';
  try {
    const module = await loadChunk(name, load);
    await module.mount(element, readProps(element));
    element.dataset.islandState = 'mounted';
  } catch (error) {
    console.error(error);
    offerRetry(element, name, error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Elements mounted by this page. Not the `data-island-state` attribute: a page htmx restores from its history
 * (Back) is new elements carrying the attributes of the old ones, and they need their islands mounted again.
 */
const mounted = new WeakSet<HTMLElement>();

/** Mounts every island under `root` not mounted yet (runs at start and after each htmx swap or history restore). */
export function mountIslands(root: ParentNode = document): void {
  const elements = [...(root instanceof HTMLElement && root.matches('[data-island]') ? [root] : []), ...root.querySelectorAll<HTMLElement>('[data-island]')];
  elements.forEach((element) => {
    if (mounted.has(element)) return;
    mounted.add(element);
    void mountIsland(element, element.dataset.island!);
  });
}
