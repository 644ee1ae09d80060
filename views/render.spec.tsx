import { renderToStaticMarkup } from 'react-dom/server';
import { renderedOnce } from './render.js';

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
