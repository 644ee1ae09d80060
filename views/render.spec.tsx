import { renderToStaticMarkup } from 'react-dom/server';
import { renderedOnce, renderedTemplate } from './render.js';

describe(renderedOnce.name, () => {
  it('renders a part the first time it is asked for and reuses the markup after that', () => {
    const site = {};
    let renders = 0;
    const part = () => {
      renders += 1;
      return <p>Immo Gent</p>;
    };
    const first = renderToStaticMarkup(<footer dangerouslySetInnerHTML={renderedOnce(site, 'footer:nl', part)} />);
    const second = renderToStaticMarkup(<footer dangerouslySetInnerHTML={renderedOnce(site, 'footer:nl', part)} />);
    expect({ first, second, renders }).toEqual({ first: '<footer><p>Immo Gent</p></footer>', second: first, renders: 1 });
  });

  it('keeps parts apart by key (a locale) and by owner (the settings of another app in the same process)', () => {
    const site = {};
    const other = {};
    expect(renderedOnce(site, 'footer:nl', () => <p>Nederlands</p>).__html).toBe('<p>Nederlands</p>');
    expect(renderedOnce(site, 'footer:fr', () => <p>Français</p>).__html).toBe('<p>Français</p>');
    expect(renderedOnce(other, 'footer:nl', () => <p>Other agency</p>).__html).toBe('<p>Other agency</p>');
    expect(renderedOnce(site, 'footer:nl', () => <p>not rendered again</p>).__html).toBe('<p>Nederlands</p>');
  });

  it('escapes what it renders, like rendering in place would', () => {
    expect(renderedOnce({}, 'x', () => <p>{'<script>'}</p>).__html).toBe('<p>&lt;script&gt;</p>');
  });
});

describe(renderedTemplate.name, () => {
  const values = ['/nl?transaction=buy&sort=price-asc', `"quoted" & <tagged> it's`, 'Liège – €', ''];
  const part = (slot: (index: number) => string) => (
    <form action="/nl/favorieten" method="post">
      <input type="hidden" name="back" value={slot(0)} />
      <span title={slot(1)} id={`flash-${slot(3)}-removed`}>
        {slot(1)} and {slot(2)}
      </span>
      <a href={slot(0)}>{slot(0)}</a>
    </form>
  );

  it('gives the markup of rendering the part in place with the values, escaped as React escapes them', () => {
    const inPlace = renderToStaticMarkup(part((index) => values[index]!));
    expect(inPlace).toContain('&quot;quoted&quot; &amp; &lt;tagged&gt; it&#x27;s');
    expect(renderedTemplate('spec:in-place', part, values).__html).toBe(inPlace);
    // Filled again with other values, from the kept template.
    const others = ['/fr', '<b>', 'x', '7'];
    expect(renderedTemplate('spec:in-place', part, others).__html).toBe(renderToStaticMarkup(part((index) => others[index]!)));
  });

  it('renders a part once per key', () => {
    let renders = 0;
    const counted = (slot: (index: number) => string) => {
      renders += 1;
      return <p lang={slot(0)}>{slot(1)}</p>;
    };
    expect(renderedTemplate('spec:once', counted, ['nl', 'een']).__html).toBe('<p lang="nl">een</p>');
    expect(renderedTemplate('spec:once', counted, ['fr', 'un']).__html).toBe('<p lang="fr">un</p>');
    expect(renderedTemplate('spec:once:other', counted, ['de', 'ein']).__html).toBe('<p lang="de">ein</p>');
    expect(renders).toBe(2);
  });
});
