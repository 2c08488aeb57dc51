import type { z } from "zod";
import type { StoredOutcome } from "@/lib/contracts/run-checkpoint";
import { engineToolInputSchemas } from "@/lib/contracts/tool-inputs/engine-tool-input-schemas";
import { toolRole } from "./tool-roles";

type DistilledCall = Pick<StoredOutcome, "toolName" | "args">;

const maxPurposes = 3;

/**
 * Distilled, reusable experience from a run that answered its question from its tools (MEM-1;
 * `answeredByTools` decides that first): which kind of question it was and which tools, in which
 * order and with which settings, answered it — "To find the shortest path between two nodes:
 * load_constructed_graph, then search_node for each named node, then shortest_path." It is built
 * from the tools alone, never from the question or the results, so no node name, id, query or
 * figure of the run can reach it: the only arguments kept are settings chosen from a fixed list
 * (an enum of the tool's schema, or a flag that is on). Null when nothing is worth keeping.
 */
export function distillKnowledge(input: { toolCalls: DistilledCall[] }): string | null {
  const calls = input.toolCalls.filter((call) => toolRole(call.toolName).kind !== "bookkeeping");
  if (calls.length === 0) return null;
  const steps: { text: string; toolName: string; times: number }[] = [];
  for (const call of calls) {
    const text = `${call.toolName}${describeSettings(call)}`;
    const earlier = steps.find((step) => step.text === text);
    if (earlier) earlier.times += 1;
    else steps.push({ text, toolName: call.toolName, times: 1 });
  }
  const purpose = describePurpose(calls);
  if (!purpose) return null;
  const phrased = steps.map((step) => phraseStep(step));
  return `To ${purpose}: ${phrased.slice(0, -1).join(", ")}${phrased.length > 1 ? ", then " : ""}${phrased.at(-1)}.`;
}

// What kind of question the run answered: the purposes of its answering tools, else of the last
// preparation tool (a run that only looked a node up answered "find nodes by name").
function describePurpose(calls: DistilledCall[]): string | null {
  const purposes: string[] = [];
  let lastPreparation: string | null = null;
  for (const call of calls) {
    const role = toolRole(call.toolName);
    if (role.kind === "bookkeeping" || !role.purpose) continue;
    if (role.kind === "preparation") lastPreparation = role.purpose;
    else if (!purposes.includes(role.purpose)) purposes.push(role.purpose);
  }
  const chosen = purposes.length > 0 ? purposes.slice(0, maxPurposes) : [lastPreparation];
  if (!chosen[0]) return null;
  return chosen.length === 1 ? chosen[0] : `${chosen.slice(0, -1).join(", ")} and ${chosen.at(-1)}`;
}

// A lookup run once per named thing reads as the habit it is, not as a count.
function phraseStep(step: { text: string; toolName: string; times: number }): string {
  if (step.toolName === "search_node") {
    return `${step.text} ${step.times > 1 ? "to confirm each named node" : "to confirm the named node"}`;
  }
  if (step.toolName === "search_edge") {
    return `${step.text} ${step.times > 1 ? "to confirm each named edge" : "to confirm the named edge"}`;
  }
  return step.text;
}

// The call's settings: enum values of its schema and flags that are on. Free text, ids, numbers
// and filters are the run's own values and stay out.
function describeSettings(call: DistilledCall): string {
  const schemas: Record<string, z.ZodType> = engineToolInputSchemas;
  const shape = Object.hasOwn(schemas, call.toolName) ? shapeOf(schemas[call.toolName]) : null;
  if (!shape) return "";
  const kept: string[] = [];
  for (const [key, value] of Object.entries(call.args)) {
    const field = shape[key] ? unwrap(shape[key]) : null;
    if (!field) continue;
    const def = field._zod.def as { type: string; entries?: Record<string, unknown> };
    if (def.type === "boolean" && value === true) kept.push(key);
    if (
      def.type === "enum" &&
      typeof value === "string" &&
      Object.values(def.entries ?? {}).includes(value)
    ) {
      kept.push(`${key}=${value}`);
    }
  }
  return kept.length > 0 ? ` (${kept.join(", ")})` : "";
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = unwrap(schema)._zod.def as { type: string; shape?: Record<string, z.ZodType> };
  return def.type === "object" && def.shape ? def.shape : null;
}

// Optional, default and nullable wrappers say nothing about what kind of value a field holds.
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else return current;
  }
}
