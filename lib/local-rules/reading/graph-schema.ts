import { z } from "zod";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { resolveCall } from "../steps/call-resolution";
import { failurePart } from "../writing/failure-part";
import { readData } from "../writing/result-shapes";

// A loose view of get_graph_info's `schema` (lib/mcp/graph-info.ts): the types, properties and
// values a question's words are matched against. Only what the planner reads is required.

const propertySchema = z.looseObject({
  name: z.string(),
  kind: z.string(),
  present: z.number().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  values: z.array(z.union([z.string(), z.boolean()])).optional(),
  distinct: z.number().optional(),
});

/** A property of a node or edge type, with its kind and most frequent values. */
export type PropertyView = z.infer<typeof propertySchema>;

const nodeTypeSchema = z.looseObject({
  name: z.string(),
  count: z.number(),
  properties: z.array(propertySchema).default([]),
});

const edgeTypeSchema = z.looseObject({
  name: z.string(),
  count: z.number(),
  from: z.array(z.string()).default([]),
  to: z.array(z.string()).default([]),
  properties: z.array(propertySchema).default([]),
});

/** The schema part of a get_graph_info result. */
export const graphSchemaSchema = z.looseObject({
  node_types: z.array(nodeTypeSchema).default([]),
  edge_types: z.array(edgeTypeSchema).default([]),
  query_tables: z
    .array(
      z.looseObject({
        name: z.string(),
        kind: z.string().default(""),
        type: z.string().optional(),
        rows: z.number().optional(),
        columns: z.record(z.string(), z.string()).optional(),
        column_count: z.number().optional(),
      }),
    )
    .default([]),
});

/** What the graph holds: node and edge types with their properties. */
export type GraphSchemaView = z.infer<typeof graphSchemaSchema>;

const graphInfoSchema = z.looseObject({ loaded: z.boolean(), schema: graphSchemaSchema });

/** Where reading the schema stands: asked for, known, or failed (the part says why). */
export type SchemaStep =
  | { kind: "pending"; outcome: PlanOutcome }
  | { kind: "ready"; schema: GraphSchemaView }
  | { kind: "failed"; outcome: PlanOutcome };

/**
 * The session graph's schema, read once per run with get_graph_info (Step A's own check is
 * reused when it was the verification), so words such as "officer", "customers" or "city" are
 * matched against the graph's real types, properties and values instead of guessed.
 */
export function readGraphSchema(context: PlanContext): SchemaStep {
  const call = { toolName: "get_graph_info", input: {} };
  const state = resolveCall({ steps: context.reading.steps, call });
  if (state.state === "todo")
    return { kind: "pending", outcome: { kind: "pending", calls: [call] } };
  if (state.state === "failed") {
    return {
      kind: "failed",
      outcome: {
        kind: "done",
        part: failurePart({
          step: state.step,
          steps: context.reading.steps,
          phrases: context.phrases,
        }),
      },
    };
  }
  const info = readData(graphInfoSchema, state.envelope);
  // An engine without a schema still answers: the question is then read without type filters.
  return { kind: "ready", schema: info?.schema ?? graphSchemaSchema.parse({}) };
}
