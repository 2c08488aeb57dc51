import type { z } from "zod";
import type { PlanContext, PlannedCall } from "../planning/plan-types";
import { resolveCall } from "../steps/call-resolution";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import { nodeName, readData, searchDataSchema } from "../writing/result-shapes";
import { placeNameAlternates } from "./place-name-translation";

/** A name confirmed as a real node id (TC-2). */
export type ResolvedNode = {
  query: string;
  id: string;
  label?: string;
  type?: string;
  /** A note on how a search matched it, when it was not an exact id. */
  note?: string;
};

/** Where resolving a list of names stands. */
export type NameResolution =
  | { kind: "pending"; calls: PlannedCall[] }
  | { kind: "resolved"; nodes: ResolvedNode[] }
  | { kind: "problem"; part: AnswerPart };

/** The search call for a name. */
function searchCall(name: string): PlannedCall {
  return { toolName: "search_node", input: { query: name, limit: 5 } };
}

// Node ids already returned by a successful result of this run count as confirmed.
function collectKnownIds(
  value: unknown,
  into: Map<string, { label?: string; type?: string }>,
  depth = 0,
): void {
  if (depth > 6 || typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectKnownIds(item, into, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.id === "string" && ("label" in record || "type" in record)) {
    into.set(record.id, {
      label: typeof record.label === "string" ? record.label : undefined,
      type: typeof record.type === "string" ? record.type : undefined,
    });
  }
  for (const item of Object.values(record)) collectKnownIds(item, into, depth + 1);
}

type SearchFound = z.infer<typeof searchDataSchema> | null;

/**
 * A name's other names (a Chinese place name's English ones) searched in order: the first that
 * matches a node, the searches still to run, or none when every one came back empty.
 */
function searchAlternates(
  name: string,
  steps: PlanContext["reading"]["steps"],
):
  | { kind: "todo"; calls: PlannedCall[] }
  | { kind: "found"; found: SearchFound }
  | { kind: "none" } {
  const todo: PlannedCall[] = [];
  for (const alternate of placeNameAlternates(name)) {
    const call = searchCall(alternate);
    const state = resolveCall({ steps, call });
    if (state.state === "todo") {
      todo.push(call);
      continue;
    }
    if (state.state !== "done") continue;
    // Only a node called by that name counts: "Shanghai" in a customer's city names no node.
    const data = readData(searchDataSchema, state.envelope);
    const named = (data?.matches ?? []).filter((match) => !match.matchedOn?.startsWith("property"));
    const found = data ? { ...data, matches: named } : null;
    if (todo.length === 0 && named.length > 0) return { kind: "found", found };
  }
  return todo.length > 0 ? { kind: "todo", calls: todo } : { kind: "none" };
}

/**
 * Turns names from the question into confirmed node ids: a name that is already a known id of
 * this run is used as is, every other one goes through search_node (one batch for all names);
 * a name nobody matches stops the plan with an honest answer.
 */
export function resolveNodeNames(input: { context: PlanContext; names: string[] }): NameResolution {
  const { context, names } = input;
  const { steps } = context.reading;
  const known = new Map<string, { label?: string; type?: string }>();
  for (const step of steps) {
    if (step.outcome.kind === "success") collectKnownIds(step.outcome.envelope.data, known);
  }
  const calls: PlannedCall[] = [];
  const nodes: ResolvedNode[] = [];
  for (const name of names) {
    if (known.has(name)) {
      nodes.push({ query: name, id: name, ...known.get(name) });
      continue;
    }
    const call = searchCall(name);
    const state = resolveCall({ steps, call });
    if (state.state === "todo") {
      calls.push(call);
      continue;
    }
    if (state.state === "failed") {
      return {
        kind: "problem",
        part: failurePart({ step: state.step, steps, phrases: context.phrases }),
      };
    }
    let found = readData(searchDataSchema, state.envelope);
    // "釜山" in a graph labelled in English: the place's other names are searched next.
    if ((found?.matches ?? []).length === 0) {
      const other = searchAlternates(name, steps);
      if (other.kind === "todo") {
        calls.push(...other.calls);
        continue;
      }
      if (other.kind === "found") found = other.found;
    }
    const matches = found?.matches ?? [];
    // An exact id or label beats the fuzzy ranking; otherwise the engine's best match is used.
    const best =
      matches.find((match) => match.id === name) ??
      matches.find((match) => match.label === name) ??
      matches[0];
    if (!best) {
      const part = emptyPart({ succeeded: false });
      part.summary.push(context.phrases.nodeNotFoundByName(name));
      part.notes.push(context.phrases.nextNodeNotFound);
      part.sources.push(`search_node {"query":${JSON.stringify(name)}}`);
      return { kind: "problem", part };
    }
    nodes.push({
      query: name,
      id: best.id,
      label: best.label,
      type: best.type,
      note:
        best.id === name
          ? undefined
          : context.phrases.noteNameMatched({
              query: name,
              node: nodeName(best),
              matchedOn: best.matchedOn,
              total: found?.total ?? matches.length,
            }),
    });
  }
  return calls.length > 0 ? { kind: "pending", calls } : { kind: "resolved", nodes };
}
