import { jsonSchema, type ToolSet, tool } from "ai";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";

/**
 * The model's view of the tools: name, description, JSON schema — and no `execute`, so each
 * model turn stops with its tool calls and the runtime schedules them (docs/architecture.md).
 */
export function toAiTools(descriptors: readonly ToolDescriptor[]): ToolSet {
  const tools: ToolSet = {};
  for (const descriptor of descriptors) {
    tools[descriptor.name] = tool({
      description: descriptor.description,
      inputSchema: jsonSchema(descriptor.inputSchema as Parameters<typeof jsonSchema>[0]),
    });
  }
  return tools;
}
