/**
 * A GML string literal as NetworkX writes and reads it: every character outside printable ASCII,
 * and `"` and `&`, is an `&#N;` reference (by code point), so quotes, line breaks and any
 * Unicode survive; a lone surrogate becomes U+FFFD.
 */
export function gmlString(text: string): string {
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0xfffd;
    const isLoneSurrogate = code >= 0xd800 && code <= 0xdfff;
    if (isLoneSurrogate) out += "&#65533;";
    else if (code < 0x20 || code > 0x7e || character === '"' || character === "&")
      out += `&#${code};`;
    else out += character;
  }
  return `${out}"`;
}

/**
 * A GML real: GML (and NetworkX's reader) needs a decimal point, so `3` is `3.0` and `1e-7`
 * is `1.0e-7`; infinities and NaN are spelt as NetworkX spells them.
 */
export function gmlReal(value: number): string {
  if (Number.isNaN(value)) return "NAN";
  if (!Number.isFinite(value)) return value > 0 ? "INF" : "-INF";
  const text = String(value);
  if (text.includes(".")) return text;
  const exponent = text.indexOf("e");
  return exponent === -1 ? `${text}.0` : `${text.slice(0, exponent)}.0${text.slice(exponent)}`;
}

/** A GML key: a letter, then letters, digits or `_` (other characters become `_`). */
export function gmlKey(name: string): string {
  const cleaned = name.replace(/[^0-9A-Za-z_]/g, "_");
  return /^[A-Za-z]/.test(cleaned) ? cleaned : `p${cleaned}`;
}
