import { renderToStaticMarkup } from 'react-dom/server';
import { buildEstate } from '../../test/factories/estate.factory.js';
import { fileTranslator } from '../../test/support/file-translator.js';
import { toEstateCard } from '../../src/estates/display/estate-card.js';
import { propertyImageUrl } from '../../src/routing/routes.js';
import { EstateCard } from './estate-card.js';

const card = toEstateCard(
  buildEstate({ pictures: [{ file: propertyImageUrl(1, 'large', 'a.jpg'), thumbnail: '', index: 0, comment: {} }], energy: { energyLabel: 'C' } }),
  fileTranslator('nl'),
  '/nl/aanbod/1001/villa',
);

describe(EstateCard.name, () => {
  it('shows the photo placeholder in the photo slot of a listing without photos', () => {
    const bare = toEstateCard(buildEstate({ pictures: [] }), fileTranslator('nl'), '/nl/aanbod/1001/villa');
    const html = renderToStaticMarkup(<EstateCard card={bare} />);
    expect(html).toMatch(/<div class="estate-card__media"><span class="photo-placeholder estate-card__photo estate-card__photo--none" aria-hidden="true" data-photo-placeholder=""><svg/);
  });

  it('renders the photo as a right-sized picture and the title as the link', () => {
    const html = renderToStaticMarkup(<EstateCard card={card} />);
    expect(html).toContain('<picture><source type="image/avif"');
    expect(html).toContain('width="400" height="267"');
    expect(html).toMatch(/<h3 class="estate-card__title"><a href="\/nl\/aanbod\/1001\/villa" class="estate-card__link"/);
    // The energy mention last, marked: cards of one height keep it whole (estate.css).
    expect(html).toContain('<li>4 slaapkamers</li><li>280 m²</li><li class="estate-card__energy">EPC C · 245 kWh/m²</li></ul>');
  });

  it('renders the favourite slot outside the link, only when given', () => {
    expect(renderToStaticMarkup(<EstateCard card={card} />)).not.toContain('estate-card__favorite');
    const html = renderToStaticMarkup(<EstateCard card={card} favorite={<button type="button">♥</button>} />);
    // A div, not a span: the heart is a <form>, and a span may hold only phrasing content.
    expect(html).toContain('<div class="estate-card__favorite"><button type="button">♥</button></div>');
    expect(html.indexOf('estate-card__favorite')).toBeLessThan(html.indexOf('estate-card__link'));
  });
});
