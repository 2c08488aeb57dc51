/** One tool call a skill shows as an example: `tool_name {json arguments}`. */
export type SkillToolCallExample = {
  toolName: string;
  args: Record<string, unknown> | null;
  text: string;
};

/**
 * The tool calls a skill's Markdown shows, written as inline code: `` `tool_name {…}` `` (with
 * arguments) or `` `tool_name` `` (a bare name, args null). Only snake_case names with an
 * underscore count as tool names, so ordinary code such as `ready` is not mistaken for a tool.
 */
export function extractSkillToolCalls(input: { markdown: string }): SkillToolCallExample[] {
  const calls: SkillToolCallExample[] = [];
  for (const match of input.markdown.matchAll(
    /`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:\s+(\{[^`]*\}))?`/g,
  )) {
    const [text, toolName, json] = match;
    let args: Record<string, unknown> | null = null;
    if (json !== undefined) {
      try {
        args = JSON.parse(json) as Record<string, unknown>;
      } catch {
        args = { __unparsable__: json };
      }
    }
    calls.push({ toolName, args, text });
  }
  return calls;
}
