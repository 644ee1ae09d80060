import { renderToStaticMarkup } from 'react-dom/server';
import { propertyImageUrl } from '../../src/routing/routes.js';
import { PHOTO_LAYOUTS } from '../../src/estates/images/image-variants.js';
import { Picture } from './picture.js';

const photo = propertyImageUrl(1042, 'large', 'house-01.jpg');
const render = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe(Picture.name, () => {
  it('offers AVIF, then WebP, then a JPEG img, each with the srcset and sizes', () => {
    const html = render(<Picture src={photo} alt="Villa" {...PHOTO_LAYOUTS.card} />);
    const sizes = PHOTO_LAYOUTS.card.sizes;
    expect(html).toMatch(/^<picture><source type="image\/avif" srcSet="[^"]+" sizes="[^"]+"\/><source type="image\/webp" srcSet="[^"]+" sizes="[^"]+"\/><img [^>]+\/><\/picture>$/);
    expect(html).toContain(
      `<source type="image/avif" srcSet="/property-images/1042/320w/house-01.jpg.avif 320w, /property-images/1042/480w/house-01.jpg.avif 480w, /property-images/1042/768w/house-01.jpg.avif 768w" sizes="${sizes}"/>`,
    );
    expect(html).toContain('<source type="image/webp" srcSet="/property-images/1042/320w/house-01.jpg.webp 320w,');
    expect(html).toContain(`<img src="/property-images/1042/480w/house-01.jpg.jpg" srcSet="/property-images/1042/320w/house-01.jpg.jpg 320w,`);
  });

  it('always sets width and height, so the page does not shift', () => {
    const html = render(<Picture src={photo} alt="Villa" {...PHOTO_LAYOUTS.gallery} />);
    expect(html).toContain('width="1600" height="1067" alt="Villa"');
  });

  it('is lazy and decoded off the main thread by default', () => {
    const html = render(<Picture src={photo} alt="" {...PHOTO_LAYOUTS.thumb} />);
    expect(html).toContain('loading="lazy" decoding="async"');
    expect(html).toContain('alt=""');
  });

  it('a high-priority photo loads eagerly', () => {
    const html = render(<Picture src={photo} alt="Villa" {...PHOTO_LAYOUTS.gallery} fetchPriority="high" />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('a photo that is not ours stays a plain img with its size', () => {
    const html = render(<Picture src="https://elsewhere.example/a.jpg" alt="Plan" {...PHOTO_LAYOUTS.card} className="plan" />);
    expect(html).toBe('<img src="https://elsewhere.example/a.jpg" width="400" height="267" alt="Plan" loading="lazy" decoding="async" class="plan"/>');
  });
});
