import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cachedSection, renderWithSections, type SectionStore, spliceSections } from './cached-sections.js';

/** A store in a Map, as SectionCacheService keeps them (null: a section that cannot be kept). */
function mapStore(): SectionStore & { readonly entries: Map<string, Buffer | null> } {
  const entries = new Map<string, Buffer | null>();
  return {
    entries,
    get: (key) => entries.get(key),
    set: (key, html) => {
      const bytes = html === null ? null : Buffer.from(html, 'utf8');
      entries.set(key, bytes);
      return bytes;
    },
  };
}

/** A page as the renderer renders it with kept sections: live markup, markers replaced by the sections' bytes. */
function render(store: SectionStore, prefix: string, page: () => ReactNode): string {
  const { html, sections } = renderWithSections(store, prefix, () => `<!DOCTYPE html>${renderToStaticMarkup(<>{page()}</>)}`);
  return spliceSections(html, sections, (text) => Buffer.from(text, 'utf8')).toString('utf8');
}

const inPlace = (page: () => ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(<>{page()}</>)}`;

function document(body: ReactNode): ReactNode {
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <title>Villa – € 450.000</title>
      </head>
      <body>
        <main>{body}</main>
      </body>
    </html>
  );
}

describe('cachedSection', () => {
  it('renders a section once, then splices its kept bytes: the same page as rendering it in place', () => {
    const store = mapStore();
    let renders = 0;
    const page = (title: string) => () =>
      document(
        <article>
          <h1>{title}</h1>
          {cachedSection('facts', () => {
            renders += 1;
            return (
              <>
                <p className="price">€ 450.000 – „Gerenoveerd“ &amp; lichtrijk</p>
                <ul>
                  <li>3 slaapkamers</li>
                </ul>
              </>
            );
          })}
          <p>{'<live part>'}</p>
        </article>,
      );
    const expected = inPlace(page('Villa'));
    expect(render(store, 'v1\u0000nl', page('Villa'))).toBe(expected);
    expect(render(store, 'v1\u0000nl', page('Villa'))).toBe(expected);
    // Once in place (for `expected`), once into the store; the second render copies the kept bytes.
    expect(renders).toBe(2);
    // The live parts around it are still rendered every time.
    expect(render(store, 'v1\u0000nl', page('Villa met tuin'))).toBe(inPlace(page('Villa met tuin')));
  });

  it('keeps sections apart by prefix (version, locale) and by name', () => {
    const store = mapStore();
    const page = (text: string) => () => document(<div>{cachedSection('a', () => <p>{text}</p>)}</div>);
    expect(render(store, 'v1\u0000nl', page('Nederlands'))).toContain('<p>Nederlands</p>');
    expect(render(store, 'v1\u0000fr', page('Français'))).toContain('<p>Français</p>');
    expect(render(store, 'v2\u0000nl', page('Nieuwe versie'))).toContain('<p>Nieuwe versie</p>');
    expect(render(store, 'v1\u0000nl', page('not rendered again'))).toContain('<p>Nederlands</p>');
    expect([...store.entries.keys()]).toEqual(['v1\u0000nl\u0000a', 'v1\u0000fr\u0000a', 'v2\u0000nl\u0000a']);
  });

  it('never keeps a section React would hoist something from (an image preload): rendered in place, the preload in the head', () => {
    const store = mapStore();
    const page = () => document(cachedSection('logo', () => <img src="/logo.svg" alt="" />));
    const expected = inPlace(page);
    expect(expected).toContain('<head><meta charSet="utf-8"/><link rel="preload" as="image" href="/logo.svg"/>');
    expect(render(store, 'v1', page)).toBe(expected);
    expect(render(store, 'v1', page)).toBe(expected);
    expect(store.entries.get('v1\u0000logo')).toBeNull();
  });

  it('keeps a section whose only hoisted element is rendered live beside it (a form’s bot-check script), which stays in the head once', () => {
    const store = mapStore();
    const script = <script src="https://bot.example/api.js?render=key" async />;
    const form = (name: string) => (
      <form action="/post">
        {script}
        <input name={name} />
      </form>
    );
    const page = (hoisted: boolean) => () =>
      document(
        <>
          {cachedSection('one', () => form('a'), hoisted ? script : null)}
          {cachedSection('two', () => form('b'), hoisted ? script : null)}
        </>,
      );
    const expected = inPlace(page(true));
    expect(expected.match(/<script src="https:\/\/bot\.example/g)).toHaveLength(1);
    expect(render(store, 'v1', page(true))).toBe(expected);
    expect(render(store, 'v1', page(true))).toBe(expected);
    expect(store.entries.get('v1\u0000one')).not.toBeNull();
    // Without declaring it, the script would be lost from the head: such a section is not kept.
    const other = mapStore();
    expect(render(other, 'v1', page(false))).toBe(expected);
    expect(other.entries.get('v1\u0000one')).toBeNull();
  });

  it('renders a section inside a section in place within it, so the kept bytes hold no marker', () => {
    const store = mapStore();
    const page = () => document(cachedSection('outer', () => <div>{cachedSection('inner', () => <p>inner</p>)}</div>));
    const expected = inPlace(page);
    expect(render(store, 'v1', page)).toBe(expected);
    expect(render(store, 'v1', page)).toBe(expected);
    expect(store.entries.get('v1\u0000outer')!.toString()).toBe('<div><p>inner</p></div>');
  });

  it('renders in place outside a render with a store (SECTION_CACHE_MB=0, a page without a version)', () => {
    expect(renderToStaticMarkup(<div>{cachedSection('x', () => <p>in place</p>)}</div>)).toBe('<div><p>in place</p></div>');
  });
});
