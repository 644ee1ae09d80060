import { documentUrl } from './document-url.js';

describe(documentUrl.name, () => {
  it('keeps a CRM’s http(s) link as it is', () => {
    expect(documentUrl('https://files.zabun.be/1042/plan.pdf')).toBe('https://files.zabun.be/1042/plan.pdf');
    expect(documentUrl('http://crm.test/docs/plan.pdf?x=1')).toBe('http://crm.test/docs/plan.pdf?x=1');
  });

  it('points the demo catalogue’s documents at the site’s copies', () => {
    expect(documentUrl('https://cdn.source-a.example/1042/docs/brochure-v1.pdf')).toBe('/assets/demo-documents/brochure-v1.pdf');
    expect(documentUrl('https://cdn.source-b.example/1042/docs/floor-plan-apartment-v1.png')).toBe('/assets/demo-documents/floor-plan-apartment-v1.png');
  });

  it('a demo-host link that is not a demo document stays the CRM’s link', () => {
    expect(documentUrl('https://cdn.example/plan.pdf')).toBe('https://cdn.example/plan.pdf');
    expect(documentUrl('https://cdn.source-a.example/1042/docs/../../etc/passwd')).toBe('https://cdn.source-a.example/etc/passwd');
  });

  it.each([['javascript:alert(1)'], ['data:application/pdf;base64,AAAA'], ['/relative/plan.pdf'], [''], [null], [42]])('refuses %p', (value) => {
    expect(documentUrl(value)).toBeNull();
  });
});
