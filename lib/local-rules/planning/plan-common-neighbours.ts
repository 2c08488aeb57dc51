import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { personTypes, personWords } from "../reading/person-words";
import { namedNodeTypes, singular } from "../reading/question-scope";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { resolveCall } from "../steps/call-resolution";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { failurePart } from "../writing/failure-part";
import { neighboursDataSchema, nodeName, readData } from "../writing/result-shapes";
import { planTwoHop, twoHopKind } from "./plan-two-hop";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource, missingPart } from "./plan-with-nodes";

function isText(value: string | undefined): value is string {
  return typeof value === "string" && value !== "";
}

/**
 * The kinds of shared neighbour the question asks about: those it names (other than the two
 * nodes' own kind), else, when it asks about people, the kinds that are people; none (every
 * kind) otherwise.
 */
function askedKinds(input: {
  question: string;
  schema: GraphSchemaView;
  shared: string[];
  named: string[];
}): string[] {
  const { question, schema, shared, named } = input;
  const byName = namedNodeTypes(question, schema).filter(
    (type) => shared.includes(type) && !named.includes(type),
  );
  if (byName.length > 0) return byName;
  if (!personWords.test(question)) return [];
  return shared.filter((type) => personTypes.test(type));
}

/** What a question about two nodes' shared neighbours asks: how many, which, or whether any. */
export type CommonNeighboursAsk = "count" | "list" | "exists";

// Enough for any neighbourhood a reader would list; a larger one is said to be cut.
const neighbourLimit = 1000;

/**
 * "How many co-authors do r05 and r07 have in common?", "Which friends do Ann and Bo share?":
 * each node's direct neighbours (get_neighbors, one call each) name the shared ones, and
 * node_similarity's common-neighbour score of the pair states their number (all in one batch).
 */
export function planCommonNeighbours(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
  ask: CommonNeighboursAsk;
}): PlanOutcome {
  const { context, ask } = input;
  if (!input.source || !input.target) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: 'I need the two nodes, e.g. "How many neighbours do n0 and n33 have in common?".',
        zh: "请给出两个节点，例如“n0 和 n33 有多少个共同邻居？”。",
      }),
    };
  }
  const names = resolveNodeNames({ context, names: [input.source, input.target] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [a, b] = names.nodes;
  // "Which actors have worked for both Northlight and Red Kite?": a kind their films reach.
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const farKind = twoHopKind({
    question: context.reading.question,
    schema: schemaStep.schema,
    nodes: [a, b],
  });
  if (farKind)
    return planTwoHop({ context, schema: schemaStep.schema, nodes: [a, b], kind: farKind });
  const calls: PlannedCall[] = [
    ...[a, b].map((node) => ({
      toolName: "get_neighbors",
      input: { node_id: node.id, depth: 1, limit: neighbourLimit },
    })),
    {
      toolName: "node_similarity",
      input: { metric: "common_neighbors", node_id: a.id, top_k: neighbourLimit },
    },
  ];
  const steps = context.reading.steps;
  const states = calls.map((call) => resolveCall({ steps, call }));
  const todo = calls.filter((_, index) => states[index].state === "todo");
  if (todo.length > 0) return { kind: "pending", calls: todo };
  const lists = [];
  for (const state of states.slice(0, 2)) {
    if (state.state === "failed") {
      return {
        kind: "done",
        part: failurePart({ step: state.step, steps, phrases: context.phrases }),
      };
    }
    const data = state.state === "done" ? readData(neighboursDataSchema, state.envelope) : null;
    if (!data) {
      return {
        kind: "done",
        part: missingPart(context, {
          en: "The neighbour lists could not be read.",
          zh: "无法读取邻居列表。",
        }),
      };
    }
    lists.push(data);
  }
  const [first, second] = lists;
  const theirs = new Set(second.neighbours.map((node) => node.id));
  const everyShared = first.neighbours.filter(
    (node) => theirs.has(node.id) && node.id !== a.id && node.id !== b.id,
  );
  // "How many people are on both Atlas and Cobalt?": of the kinds they share (employees and
  // the department), only the kind the question asks about.
  const sharedTypes = [...new Set(everyShared.map((node) => node.type).filter(isText))];
  // "Have A and B worked on the same project?": of the kinds their neighbours are, the one named.
  const listedTypes = new Set(
    [...first.neighbours, ...second.neighbours].map((node) => node.type).filter(isText),
  );
  let kinds: string[] = [];
  if (listedTypes.size > 1) {
    const schemaStep = readGraphSchema(context);
    if (schemaStep.kind !== "ready") return schemaStep.outcome;
    kinds = askedKinds({
      question: context.reading.question,
      schema: schemaStep.schema,
      shared: [...listedTypes],
      named: [a.type, b.type].filter(isText),
    });
  }
  const shared =
    kinds.length > 0
      ? everyShared.filter((node) => node.type && kinds.includes(node.type))
      : everyShared;
  const pair = {
    en: `${nodeName(first.node)} and ${nodeName(second.node)}`,
    zh: `${nodeName(first.node)} 和 ${nodeName(second.node)}`,
  };
  const listed = {
    en: shared.map(nodeName).join(", "),
    zh: shared.map(nodeName).join("、"),
  };
  const part = emptyPart({ succeeded: true });
  for (const call of calls) part.sources.push(callSource(call));
  const count = shared.length;
  const noun =
    kinds.length > 0
      ? { one: kinds.map(singular).join("/"), many: kinds.join("/"), zh: kinds.join("/") }
      : { one: "neighbour", many: "neighbours", zh: "共同邻居" };
  const have = {
    en: `${pair.en} have ${count} ${count === 1 ? noun.one : noun.many} in common${count > 0 ? `: ${listed.en}` : ""}.`,
    zh:
      kinds.length > 0
        ? `${pair.zh} 共同连接 ${count} 个 ${noun.zh}${count > 0 ? `：${listed.zh}` : ""}。`
        : `${pair.zh} 有 ${count} 个共同邻居${count > 0 ? `：${listed.zh}` : ""}。`,
  };
  if (ask === "exists") {
    part.summary.push(
      inLanguage(
        context,
        count > 0
          ? { en: `Yes — ${have.en}`, zh: `是的——${have.zh}` }
          : kinds.length > 0
            ? {
                en: `No — ${pair.en} have no ${noun.one} in common.`,
                zh: `否——${pair.zh} 没有共同的 ${noun.zh}。`,
              }
            : {
                en: `No — ${pair.en} have no neighbour in common.`,
                zh: `否——${pair.zh} 没有共同邻居。`,
              },
      ),
    );
  } else if (ask === "list" && count > 0) {
    part.summary.push(
      inLanguage(context, {
        en: `${listed.en} — ${have.en}`,
        zh: `${listed.zh}——${have.zh}`,
      }),
    );
  } else {
    part.summary.push(inLanguage(context, have));
  }
  if (kinds.length > 0 && sharedTypes.some((type) => !kinds.includes(type))) {
    part.notes.push(
      inLanguage(context, {
        en: `Only ${kinds.join("/")} are counted: they have ${everyShared.length} neighbours in common of any kind.`,
        zh: `只计 ${kinds.join("/")} 类型：任意类型的共同邻居共 ${everyShared.length} 个。`,
      }),
    );
  }
  if (first.truncated || second.truncated) {
    part.notes.push(
      inLanguage(context, {
        en: `A neighbour list was cut at ${neighbourLimit}; the count may be higher.`,
        zh: `邻居列表截断于 ${neighbourLimit} 个，实际数量可能更多。`,
      }),
    );
  }
  part.focusNodeIds = [a.id, b.id, ...shared.map((node) => node.id)];
  return { kind: "done", part };
}
