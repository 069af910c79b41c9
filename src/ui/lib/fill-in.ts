// A translated text with one value in it, looked up and interpolated once: filling it in is then
// a string join. For texts written per entry of a long list (an aria-label per card), where a
// translation call each time is most of what drawing the entry allocates.

/** The value to translate a text with, marking where `fillIn` puts each value. */
export const FILL = '\u0000';

/** `text` (translated with FILL for its value) with `value` where FILL is. */
export function fillIn(text: string): (value: string) => string {
  const parts = text.split(FILL);
  return (value) => parts.join(value);
}
