/** True when the text holds ASCII control characters (C0 or DEL), which names must not carry. */
export function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Removes ASCII control characters. */
export function stripControlCharacters(text: string): string {
  let result = "";
  for (const character of text) {
    if (!hasControlCharacters(character)) result += character;
  }
  return result;
}
