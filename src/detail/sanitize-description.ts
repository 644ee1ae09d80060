// The display model now carries the sanitized description; the page renderer still imports it from here.
export { sanitizeDescription } from '../estates/display/sanitize-description.js';
