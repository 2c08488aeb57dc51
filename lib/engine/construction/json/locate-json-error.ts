/**
 * The offset of the first syntax error in a text JSON.parse refused. Node 20's JSON.parse
 * messages name no position for most errors, and a PARSE_ERROR must say where; this scanner
 * runs only after a failure, iteratively (no recursion limit on deep documents).
 */
export function locateJsonError(text: string): number {
  const stack: ("object" | "array")[] = [];
  let offset = skipSpace(text, 0);
  // What may come next: a value, a key (or "}" after "{"), a ":" or a "," / closing bracket.
  let expecting: "value" | "key" | "firstKey" | "firstValue" | "colon" | "after" = "value";
  while (offset < text.length) {
    const character = text[offset];
    if (expecting === "value" || expecting === "firstValue") {
      if (character === "]" && expecting === "firstValue") {
        stack.pop();
        offset++;
        expecting = "after";
      } else if (character === "{" || character === "[") {
        stack.push(character === "{" ? "object" : "array");
        offset++;
        expecting = character === "{" ? "firstKey" : "firstValue";
      } else {
        const end = scalarEnd(text, offset);
        if (end === -1) return offset;
        offset = end;
        expecting = "after";
      }
    } else if (expecting === "key" || expecting === "firstKey") {
      if (character === "}" && expecting === "firstKey") {
        stack.pop();
        offset++;
        expecting = "after";
      } else {
        if (character !== '"') return offset;
        const end = scalarEnd(text, offset);
        if (end === -1) return offset;
        offset = end;
        expecting = "colon";
      }
    } else if (expecting === "colon") {
      if (character !== ":") return offset;
      offset++;
      expecting = "value";
    } else {
      const top = stack.at(-1);
      if (top === undefined) return offset; // Text after the document.
      if (character === ",") expecting = top === "object" ? "key" : "value";
      else if ((character === "}" && top === "object") || (character === "]" && top === "array")) {
        stack.pop();
      } else return offset;
      offset++;
    }
    offset = skipSpace(text, offset);
  }
  return text.length;
}

function skipSpace(text: string, offset: number): number {
  let at = offset;
  while (
    at < text.length &&
    (text[at] === " " || text[at] === "\t" || text[at] === "\n" || text[at] === "\r")
  )
    at++;
  return at;
}

/** End of a string, number or literal starting at `offset`, or -1 when it is not one. */
function scalarEnd(text: string, offset: number): number {
  const pattern =
    text[offset] === '"'
      ? // biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings may not hold raw control characters; this finds the one that broke the parse.
        /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
      : /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  pattern.lastIndex = offset;
  return pattern.exec(text) ? pattern.lastIndex : -1;
}
