/** The argument editor's text read as tool arguments, or why it cannot be sent. */
export type ParsedArgs =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string };

/**
 * Reads edited tool arguments. They must be one JSON object (tools take named arguments), so
 * `[]`, `null` or `3` are refused here with a sentence, before anything is sent.
 */
export function parseArgsJson(text: string): ParsedArgs {
  if (text.trim() === "") return { ok: false, message: "Enter the arguments as a JSON object." };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : "";
    return { ok: false, message: `This is not valid JSON${detail ? `: ${detail}` : "."}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return {
      ok: false,
      message: 'The arguments must be a JSON object, e.g. {} or {"key": "value"}.',
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
