import { emptyPart } from "./answer-document";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { resolveNodeNames } from "./resolve-node-names";
import { neighboursDataSchema, nodeName } from "./result-shapes";
import { planSingleCall } from "./single-call-plan";

/** Neighbours of a named node: search_node unless it is a known id, then get_neighbors. */
export function planNeighbours(input: {
  context: PlanContext;
  node: string | null;
  depth: number;
  limit: number;
}): PlanOutcome {
  const { context, depth, limit } = input;
  const p = context.phrases;
  if (!input.node) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(p.neighboursNeedName);
    return { kind: "done", part };
  }
  const names = resolveNodeNames({ context, names: [input.node] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [subject] = names.nodes;
  const call = { toolName: "get_neighbors", input: { node_id: subject.id, depth, limit } };
  return planSingleCall({
    context,
    call,
    schema: neighboursDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(`get_neighbors ${JSON.stringify(call.input)}`);
      if (subject.note) part.notes.push(subject.note);
      const name = nodeName(data.node);
      part.summary.push(
        p.neighboursSummary({ node: name, count: data.neighbours.length, depth: data.depth }),
      );
      if (data.truncated) part.notes.push(p.noteNeighboursTruncated(limit));
      if (data.neighbours.length > 0) {
        part.sections.push({
          heading: p.neighboursHeading(name),
          blocks: [
            {
              kind: "table",
              columns: [p.columnNode, p.columnType, p.columnHops],
              rows: data.neighbours.map((node) => [
                nodeName(node),
                node.type ?? "",
                String(node.hops),
              ]),
            },
          ],
        });
      }
      part.focusNodeIds = [data.node.id, ...data.neighbours.map((node) => node.id)];
      return part;
    },
  });
}
