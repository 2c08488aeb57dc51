// XML 1.0 cannot carry these at all (not even as character references): C0 controls other than
// tab, newline and carriage return, lone surrogates, and U+FFFE / U+FFFF.
const forbiddenInXml =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters replaced.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // Parsers turn raw tabs and line breaks in attribute values into spaces (and a raw CR in text
  // into LF): written as references they come back exactly.
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/**
 * Text safe inside an XML attribute value or element: markup characters and whitespace that
 * parsers would normalise are references; characters XML cannot hold become U+FFFD.
 */
export function escapeXml(text: string): string {
  // Most ids and values need nothing: one scan answers that, and the replacements run rarely.
  if (!needsWork.test(text)) return text;
  return text
    .replace(forbiddenInXml, "\ufffd")
    .replace(/[&<>"'\t\n\r]/g, (found) => entities[found]);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters need escaping.
const needsWork = /[&<>"'\u0000-\u001f\ud800-\udfff\ufffe\uffff]/;
