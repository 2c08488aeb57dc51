import "server-only";
import type { z } from "zod";
import type { JobHandlerContext, JobKind } from "./job-kind-registry";
import type { JsonObject, JsonValue } from "./json-value";

/** What a kind's code is given: the job's context, its stored input parsed by the kind's schema. */
export type JobContext<Input> = Omit<JobHandlerContext, "input"> & { input: Input };

/**
 * What a kind's code answers. It is stored as its JSON text (members that are undefined are
 * dropped, as JSON.stringify does), so plain data: objects, arrays, strings, numbers, booleans.
 * Undefined (or null) means no result.
 */
export type JobResult =
  | JsonValue
  | { readonly [key: string]: unknown }
  | readonly unknown[]
  | undefined;

/** A job kind as its file defines it: the registry entry plus the typed way to enqueue it. */
export type JobDefinition<Kind extends string, Schema extends z.ZodType> = JobKind & {
  kind: Kind;
  /** The schema the stored input is parsed with before the kind's code runs. */
  inputSchema: Schema;
  /** The kind and its stored input, as enqueueJob and spawnChild take them. */
  withInput: (input: z.input<Schema>) => { kind: Kind; input: JsonObject };
};

/**
 * Defines a job kind in one place: its name, the zod schema of its input and its code, which
 * receives the parsed input. A stored input the schema refuses fails the job with the schema's
 * message (JOB_FAILED), as a kind that parsed its own input did. `retryWhenLostBeforeWriting`
 * (default true): whether the sweep may run it again when its worker died before it wrote
 * anything visible — off for work with effects outside our tables.
 */
export function defineJob<const Kind extends string, Schema extends z.ZodType>(definition: {
  kind: Kind;
  inputSchema: Schema;
  handle: (context: JobContext<z.output<Schema>>) => Promise<JobResult>;
  retryWhenLostBeforeWriting?: boolean;
}): JobDefinition<Kind, Schema> {
  return {
    kind: definition.kind,
    inputSchema: definition.inputSchema,
    retryWhenLostBeforeWriting: definition.retryWhenLostBeforeWriting ?? true,
    handler: async (context) => {
      const input = definition.inputSchema.parse(context.input);
      return toJsonValue(await definition.handle({ ...context, input }));
    },
    withInput: (input) => ({ kind: definition.kind, input: toJsonObject(input) }),
  };
}

// The JSON text is what the jobs table stores (jsonb) either way; going through it here gives
// the registry's untyped handlers plain JSON without asserting a type.
function toJsonValue(value: unknown): JsonValue | undefined {
  const text = value === undefined ? undefined : JSON.stringify(value);
  if (text === undefined) return undefined;
  const parsed: JsonValue = JSON.parse(text);
  return parsed;
}

function toJsonObject(value: unknown): JsonObject {
  const parsed = toJsonValue(value);
  if (
    parsed === null ||
    parsed === undefined ||
    typeof parsed !== "object" ||
    Array.isArray(parsed)
  ) {
    throw new TypeError("A job's input must be a JSON object.");
  }
  return parsed;
}
