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
