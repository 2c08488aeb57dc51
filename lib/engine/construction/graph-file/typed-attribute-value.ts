import type { PropertyValue } from "../../graph/graph-data";

/** The value types graph files declare, folded onto the three a property can hold. */
export type DeclaredValueType = "boolean" | "number" | "integer" | "string";

/**
 * Maps a declared attribute type name (GraphML `attr.type`, GEXF `type`) to how its text is
 * read; unknown or list types stay text, so nothing is lost.
 */
export function declaredValueType(name: string | undefined): DeclaredValueType {
  switch ((name ?? "string").toLowerCase()) {
    case "boolean":
      return "boolean";
    case "int":
    case "integer":
    case "long":
    case "short":
    case "byte":
      return "integer";
    case "float":
    case "double":
      return "number";
    default:
      return "string";
  }
}

/** What a value of a declared type must be, for a refusal: "an integer", "a number"… */
export function declaredTypeNoun(type: DeclaredValueType): string {
  return { boolean: "true or false", integer: "an integer", number: "a number", string: "text" }[
    type
  ];
}

/**
 * The text of an attribute as its declared type, or undefined when it is not one (the caller
 * reports PARSE_ERROR at the element). Integers past 2^53 stay text rather than change value;
 * NaN and infinities stay text (they have no JSON number).
 */
export function typedAttributeValue(
  text: string,
  type: DeclaredValueType,
): PropertyValue | undefined {
  if (type === "string") return text;
  const trimmed = text.trim();
  if (type === "boolean") {
    const lower = trimmed.toLowerCase();
    if (lower === "true" || lower === "1") return true;
    if (lower === "false" || lower === "0") return false;
    return undefined;
  }
  if (trimmed === "") return undefined;
  const number = Number(trimmed);
  if (Number.isNaN(number)) return /^[+-]?(nan|inf|infinity)$/i.test(trimmed) ? trimmed : undefined;
  if (!Number.isFinite(number)) return trimmed;
  if (type === "integer") {
    if (!/^[+-]?\d+$/.test(trimmed)) return undefined;
    return Number.isSafeInteger(number) ? number : trimmed;
  }
  return number;
}
