import { renderToStaticMarkup } from 'react-dom/server';
import { type ShareLink, ShareLinks } from './share-links.js';

const links: ShareLink[] = [
  { network: 'facebook', href: 'https://www.facebook.com/sharer/sharer.php?u=x', label: 'Facebook' },
  { network: 'email', href: 'mailto:?body=x', label: 'Email' },
];

describe(ShareLinks.name, () => {
  it('is hidden until consent', () => {
    expect(renderToStaticMarkup(<ShareLinks title="Share" links={links} />)).toMatch(/^<section class="share-links" data-island="share" hidden=""/);
  });

  it('opens networks in a new tab without giving them the opener', () => {
    expect(renderToStaticMarkup(<ShareLinks title="Share" links={links} />)).toContain(
      'href="https://www.facebook.com/sharer/sharer.php?u=x" target="_blank" rel="noopener noreferrer"',
    );
  });

  it('opens mail in the same tab', () => {
    expect(renderToStaticMarkup(<ShareLinks title="Share" links={links} />)).toMatch(/href="mailto:\?body=x">/);
  });

  it('renders nothing without links', () => {
    expect(renderToStaticMarkup(<ShareLinks title="Share" links={[]} />)).toBe('');
  });
});
