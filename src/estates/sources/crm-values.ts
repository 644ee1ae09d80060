import type { LocalizedText } from '../../i18n/localized-text.js';

/*
 * CRM data is typed by agency staff and read by every visitor: values that end up in CSS or in a link
 * are checked here, once, before they enter the domain.
 */

/** The CSS named colours (CSS Color 4); with hex, the only colours a CRM may send. */
const NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen'
  ).split(' '),
);

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/;

/**
 * A colour as CSS may receive it: `#rgb`, `#rrggbb` or a named colour, lower-cased; anything else
 * (`red;position:fixed;inset:0`, `url(…)`, `expression(…)`) is null, and the default style applies.
 */
export function cssColorOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const color = value.trim().toLowerCase();
  return HEX_COLOR.test(color) || NAMED_COLORS.has(color) ? color : null;
}

/** An absolute http(s) URL; `javascript:`, `data:`, relative and malformed links are null. */
export function webUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Longest title kept: a title is a heading, a page title and part of a project's URL. */
export const TITLE_MAX_LENGTH = 120;

/** Each language's text cut to `max` characters at a word boundary, marked with an ellipsis. */
export function cappedText(text: LocalizedText, max: number = TITLE_MAX_LENGTH): LocalizedText {
  const capped: LocalizedText = {};
  for (const [locale, value] of Object.entries(text) as Array<[keyof LocalizedText, string | null | undefined]>) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed.length <= max) {
      capped[locale] = value;
      continue;
    }
    const cut = trimmed.slice(0, max - 1);
    const atWord = cut.replace(/\s+\S*$/, '');
    capped[locale] = `${atWord.length >= max / 2 ? atWord : cut}…`;
  }
  return capped;
}
