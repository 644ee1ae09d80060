import { sanitizeDescription } from './sanitize-description.js';

describe(sanitizeDescription.name, () => {
  it('keeps paragraphs, emphasis and lists', () => {
    const html = '<p>Ruime <strong>villa</strong></p><ul><li>tuin</li></ul>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('removes scripts, event handlers and styles', () => {
    const sut = sanitizeDescription('<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><style>p{}</style>');
    expect(sut).toBe('<p>Hi</p>');
  });

  it('drops javascript: links but keeps the text', () => {
    expect(sanitizeDescription('<p><a href="javascript:alert(1)">klik</a></p>')).toBe('<p><a rel="noopener noreferrer nofollow">klik</a></p>');
  });

  it('marks kept links rel=noopener noreferrer nofollow', () => {
    expect(sanitizeDescription('<p><a href="https://x.be" target="_blank">x</a></p>')).toBe(
      '<p><a href="https://x.be" rel="noopener noreferrer nofollow">x</a></p>',
    );
  });

  it('turns headings above the page level into h3', () => {
    expect(sanitizeDescription('<h1>Titel</h1><p>tekst</p>')).toBe('<h3>Titel</h3><p>tekst</p>');
  });

  it('drops empty paragraphs', () => {
    expect(sanitizeDescription('<p>a</p><p> </p><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });

  it('turns plain text with blank lines into paragraphs', () => {
    expect(sanitizeDescription('Eerste alinea.\n\nTweede\nregel.')).toBe('<p>Eerste alinea.</p><p>Tweede<br />regel.</p>');
  });

  it('escapes text that only looks like markup', () => {
    expect(sanitizeDescription('<p>3 < 4 & 5 > 2</p>')).toBe('<p>3 &lt; 4 &amp; 5 &gt; 2</p>');
  });

  it('changes nothing when run on its own output', () => {
    const once = sanitizeDescription('Alinea <b>een</b>.\n\n<a href="https://x.be" onclick="x()">link</a><img src=x onerror=alert(1)>');
    expect(sanitizeDescription(once)).toBe(once);
  });
});
