import { EngineError } from "../engine-error";
import { type PreparedQuery, prepareQuery } from "./text-match";

/** The most matches a search returns, whatever the caller asks for. */
export const maxSearchLimit = 1000;

/** Validated query and limit; INVALID_REQUEST for an empty query or a bad limit. */
export function readSearchOptions({ query, limit }: { query: string; limit?: number }): {
  prepared: PreparedQuery;
  rawQuery: string;
  limit: number;
} {
  const prepared = typeof query === "string" ? prepareQuery({ query }) : null;
  if (!prepared) throw new EngineError("INVALID_REQUEST", "The search query is empty.");
  const requested = limit ?? 20;
  if (!Number.isInteger(requested) || requested < 1) {
    throw new EngineError("INVALID_REQUEST", "The search limit must be a positive integer.");
  }
  return { prepared, rawQuery: query.trim(), limit: Math.min(requested, maxSearchLimit) };
}

/**
 * Index of a type name, matched case-insensitively; INVALID_REQUEST listing the known types
 * when there is none, so a caller guessing a type learns the real names instead of silently
 * getting nothing.
 */
export function resolveTypeIndex({
  typeNames,
  type,
  kind,
}: {
  typeNames: readonly string[];
  type: string;
  kind: "node" | "edge";
}): number {
  const exact = typeNames.indexOf(type);
  if (exact >= 0) return exact;
  const wanted = type.trim().toLowerCase();
  const folded = typeNames.findIndex((name) => name.toLowerCase() === wanted);
  if (folded >= 0) return folded;
  throw new EngineError("INVALID_REQUEST", `The graph has no ${kind} type "${type}".`, {
    type,
    knownTypes: typeNames.slice(0, 50),
  });
}
