/**
 * Whether a text holds C0 control characters or DEL. Tab, line feed and carriage return are allowed unless
 * `strict` (a URL path must have none: browsers strip them, which turns `/\t/host` into `//host`).
 */
export function hasControlCharacters(text: string, strict = false): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x7f || (code < 0x20 && (strict || (code !== 0x09 && code !== 0x0a && code !== 0x0d)))) return true;
  }
  return false;
}

/**
 * Characters a terminal acts on rather than shows: C0 controls but tab and line feed (ESC starts the sequences that
 * clear the screen, retitle the window or fake a link), DEL, the C1 controls (U+0080–U+009F, CSI among them), and
 * the bidirectional overrides and isolates that reorder what follows on screen (U+202A–U+202E, U+2066–U+2069).
 */
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for an operator's terminal from data the site did not write (a CRM's references and titles, stored form
 * fields): each control character becomes its visible escape (ESC prints as `\u001b`), so it is shown, never obeyed.
 */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
