import { cappedText, cssColorOrNull, TITLE_MAX_LENGTH, webUrlOrNull } from './crm-values.js';

describe(cssColorOrNull.name, () => {
  it('keeps #rgb and #rrggbb colours, lower-cased', () => {
    expect(cssColorOrNull('#D81B60')).toBe('#d81b60');
    expect(cssColorOrNull(' #fff ')).toBe('#fff');
  });

  it('keeps CSS named colours', () => {
    expect(cssColorOrNull('RebeccaPurple')).toBe('rebeccapurple');
  });

  it.each(['red;position:fixed;inset:0', 'url(https://x/y.png)', 'expression(alert(1))', '#12345', '#ggg', 'rgb(0,0,0)', 'inherit', '', null, 42])(
    'drops anything else: %p',
    (value) => {
      expect(cssColorOrNull(value)).toBeNull();
    },
  );
});

describe(webUrlOrNull.name, () => {
  it('keeps absolute http and https links', () => {
    expect(webUrlOrNull('https://cdn.example/plan.pdf')).toBe('https://cdn.example/plan.pdf');
    expect(webUrlOrNull('http://video.example/watch?v=1')).toBe('http://video.example/watch?v=1');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd', '/relative/plan.pdf', '//cdn.example/x', '', null])(
    'drops anything else: %p',
    (value) => {
      expect(webUrlOrNull(value)).toBeNull();
    },
  );
});

describe(cappedText.name, () => {
  it('keeps texts up to the limit as they are', () => {
    expect(cappedText({ nl: 'Ruime villa', fr: 'Villa' })).toEqual({ nl: 'Ruime villa', fr: 'Villa' });
  });

  it('cuts a longer text at a word boundary and marks the cut', () => {
    const sut = cappedText({ nl: 'woord '.repeat(200) }).nl!;
    expect(sut.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    expect(sut).toMatch(/woord…$/);
  });

  it('cuts a text without spaces at the limit', () => {
    expect(cappedText({ nl: 'x'.repeat(1000) }).nl).toBe(`${'x'.repeat(TITLE_MAX_LENGTH - 1)}…`);
  });
});
