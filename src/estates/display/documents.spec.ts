import { fileTranslator } from '../../../test/support/file-translator.js';
import type { EstateFile } from '../domain/estate.js';
import { documentKind, documentsOf } from './documents.js';

const file = (type: string, link: string, comment: EstateFile['comment'] = {}): EstateFile => ({ type, link, comment });

describe(documentsOf.name, () => {
  const nl = fileTranslator('nl');
  const fr = fileTranslator('fr');

  it('lists floor plans first, then the brochure, then specifications and certificates, the CRM’s order within a type', () => {
    const files = [
      file('EPC_CERTIFICATE', 'https://crm.test/epc.pdf'),
      file('OTHER', 'https://crm.test/other.pdf'),
      file('BROCHURE', 'https://crm.test/brochure.pdf'),
      file('ASBESTOS_CERTIFICATE', 'https://crm.test/asbestos.pdf'),
      file('FLOOR_PLAN', 'https://crm.test/plan-ground.pdf'),
      file('SPECIFICATIONS', 'https://crm.test/specs.pdf'),
      file('FLOOR_PLAN', 'https://crm.test/plan-first.png'),
      file('WATER_SENSITIVITY', 'https://crm.test/water.pdf'),
    ];
    expect(documentsOf(files, nl).map((document) => document.href)).toEqual([
      'https://crm.test/plan-ground.pdf',
      'https://crm.test/plan-first.png',
      'https://crm.test/brochure.pdf',
      'https://crm.test/specs.pdf',
      'https://crm.test/epc.pdf',
      'https://crm.test/asbestos.pdf',
      'https://crm.test/water.pdf',
      'https://crm.test/other.pdf',
    ]);
  });

  it('a type it does not know is listed last, as a document', () => {
    const documents = documentsOf([file('MOOD_BOARD', 'https://crm.test/mood.pdf'), file('BROCHURE', 'https://crm.test/b.pdf')], nl);
    expect(documents.map((document) => [document.type, document.label])).toEqual([
      ['BROCHURE', 'Brochure'],
      ['OTHER', 'Document'],
    ]);
  });

  it.each([
    ['nl', nl, ['Grondplan', 'Brochure', 'Lastenboek', 'EPC-attest', 'Asbestattest']],
    ['fr', fr, ['Plan', 'Brochure', 'Cahier des charges', 'Certificat PEB', 'Attestation amiante']],
  ] as const)('%s: each type has its name in the visitor’s language', (_locale, t, labels) => {
    const files = ['FLOOR_PLAN', 'BROCHURE', 'SPECIFICATIONS', 'EPC_CERTIFICATE', 'ASBESTOS_CERTIFICATE'].map((type) => file(type, `https://crm.test/${type}.pdf`));
    expect(documentsOf(files, t).map((document) => document.label)).toEqual(labels);
  });

  it('a CRM comment names the document, its type beside it unless the comment says the same', () => {
    const [plan, named] = documentsOf(
      [file('FLOOR_PLAN', 'https://crm.test/a.pdf', { nl: 'grondplan', fr: 'Plan' }), file('FLOOR_PLAN', 'https://crm.test/b.pdf', { nl: 'Verdieping 1', fr: 'Étage 1' })],
      fr,
    );
    expect([plan.label, plan.typeLabel]).toEqual(['Plan', '']);
    expect([named.label, named.typeLabel]).toEqual(['Étage 1', 'Plan']);
  });

  it('says the kind of file from the link’s extension, the query string aside', () => {
    const documents = documentsOf(
      [
        file('FLOOR_PLAN', 'https://crm.test/plan.PDF?token=1'),
        file('FLOOR_PLAN', 'https://crm.test/plan.jpeg'),
        file('FLOOR_PLAN', 'https://crm.test/download?id=7&name=x.pdf'),
      ],
      nl,
    );
    expect(documents.map((document) => [document.kind, document.kindLabel])).toEqual([
      ['pdf', 'PDF'],
      ['image', 'Afbeelding (JPEG)'],
      ['other', ''],
    ]);
  });

  it('a CRM’s file opens where it is; the site’s own demo file downloads, printed with its absolute address', () => {
    const [crm, own] = documentsOf([file('FLOOR_PLAN', 'https://crm.test/plan.pdf'), file('BROCHURE', '/assets/demo-documents/brochure-v1.pdf')], nl, {
      absoluteUrl: (path) => `https://immo.test${path}`,
    });
    expect([crm.download, crm.printUrl]).toEqual([null, 'https://crm.test/plan.pdf']);
    expect([own.download, own.printUrl]).toEqual(['brochure-v1.pdf', 'https://immo.test/assets/demo-documents/brochure-v1.pdf']);
  });

  it('leaves out a link that is neither http(s) nor the site’s own', () => {
    const files = [file('FLOOR_PLAN', 'javascript:alert(1)'), file('FLOOR_PLAN', '//evil.test/x.pdf'), file('BROCHURE', 'https://crm.test/b.pdf')];
    expect(documentsOf(files, nl).map((document) => document.href)).toEqual(['https://crm.test/b.pdf']);
  });
});

describe('documents shown inline', () => {
  const nl = fileTranslator('nl');
  const previews = (options: Parameters<typeof documentsOf>[2]) =>
    documentsOf(
      [
        file('FLOOR_PLAN', '/assets/demo-documents/floor-plan-apartment-v1.png'),
        file('FLOOR_PLAN', 'https://files.zabun.be/1042/plan-first.jpg'),
        file('FLOOR_PLAN', 'https://elsewhere.test/plan.webp'),
        file('FLOOR_PLAN', 'https://files.zabun.be/1042/plan.gif'),
        file('FLOOR_PLAN', 'https://files.zabun.be/1042/plan.pdf'),
      ],
      nl,
      options,
    ).map((document) => document.preview);

  it('a plan drawn as an image or in a PDF: the site’s own image, a CRM’s file through the photo proxy, none where the proxy does not take it', () => {
    const proxied = (url: string) => (url.startsWith('https://files.zabun.be/') ? `/property-images/u/${Buffer.from(url).toString('base64url')}/large/plan.jpg` : null);
    expect(previews({ proxiedImage: proxied })).toEqual([
      '/assets/demo-documents/floor-plan-apartment-v1.png',
      `/property-images/u/${Buffer.from('https://files.zabun.be/1042/plan-first.jpg').toString('base64url')}/large/plan.jpg`,
      null,
      // GIF is not an image the proxy admits.
      null,
      // A PDF's variants are its first page, drawn by the proxy.
      `/property-images/u/${Buffer.from('https://files.zabun.be/1042/plan.pdf').toString('base64url')}/large/plan.jpg`,
    ]);
  });

  it('without a proxy, only the site’s own images', () => {
    expect(previews({})).toEqual(['/assets/demo-documents/floor-plan-apartment-v1.png', null, null, null, null]);
  });
});

describe('a floor plan in PDF: its first page', () => {
  const proxied = (url: string) => `/property-images/u/${Buffer.from(url).toString('base64url')}/large/plan-pdf.jpg`;

  it.each([
    ['nl', 'Grondplan (eerste pagina)'],
    ['fr', 'Plan (première page)'],
    ['en', 'Floor plan (first page)'],
    ['de', 'Grundriss (erste Seite)'],
  ] as const)('%s: the demo’s own PDF through the proxy’s demo account, named as its first page', (locale, alt) => {
    const [plan] = documentsOf([file('FLOOR_PLAN', '/assets/demo-documents/floor-plan-house-v1.pdf')], fileTranslator(locale), { proxiedImage: proxied });
    expect([plan.preview, plan.previewAlt, plan.previewIsPage]).toEqual(['/property-images/1042/large/floor-plan-house-v1.pdf', alt, true]);
  });

  it('only a floor plan: a brochure’s or a certificate’s PDF keeps its link alone; an image’s preview has no alt of its own', () => {
    const documents = documentsOf(
      [
        file('BROCHURE', '/assets/demo-documents/brochure-v1.pdf'),
        file('EPC_CERTIFICATE', 'https://files.zabun.be/1042/epc.pdf'),
        file('FLOOR_PLAN', '/assets/demo-documents/floor-plan-apartment-v1.png'),
        file('FLOOR_PLAN', '/assets/elsewhere/plan.pdf'),
      ],
      fileTranslator('nl'),
      { proxiedImage: proxied },
    );
    expect(documents.map((document) => [document.type, document.preview, document.previewAlt, document.previewIsPage])).toEqual([
      ['FLOOR_PLAN', '/assets/demo-documents/floor-plan-apartment-v1.png', '', false],
      // Not one of the demo's documents: the proxy has no such file.
      ['FLOOR_PLAN', null, '', false],
      ['BROCHURE', null, '', false],
      ['EPC_CERTIFICATE', null, '', false],
    ]);
  });
});

describe(documentKind.name, () => {
  it.each([
    ['https://crm.test/a.pdf', 'pdf'],
    ['https://crm.test/a.webp#page', 'image'],
    ['/assets/demo-documents/floor-plan-apartment-v1.png', 'image'],
    ['https://crm.test/a.docx', 'other'],
    ['https://crm.test/pdf', 'other'],
  ])('%s is %s', (href, kind) => {
    expect(documentKind(href)).toBe(kind);
  });
});
