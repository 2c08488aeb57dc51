import { edgeTypesBetween } from "../reading/edge-types-between";
import { isExcluded } from "../reading/exclusion";
import { readGraphSchema } from "../reading/graph-schema";
import { ignoresDirection } from "../reading/ignored-direction";
import { edgeTypesNamedByVerb, type QuestionScope, resolveScope } from "../reading/question-scope";
import { questionWords } from "../reading/question-words";
import { degreeDataSchema } from "../writing/analysis-result-shapes";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure, roundsAny } from "../writing/format-figures";
import { centralityDataSchema, nodeName } from "../writing/result-shapes";
import type { CentralityMeasure } from "./centrality-measure";
import { centralityNotes } from "./plan-centrality";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";
import { asksForWeights, weighingProperty, weightsNote } from "./weights-request";

type RankedRow = { id: string; label?: string; type?: string; rank: number; value: number };

// "Which officer …", "who …", "Among the cardiologists, who …", "哪个节点 …": one answer is
// wanted, not a list.
function asksForOne(question: string): boolean {
  return (
    /(?:^\s*|[,:，：]\s*)(?:which|who|what)\b(?!\s+(?:are|were)\b)|\bwhich (?:\w+ )?(?:node|member|person|one|paper|product|customer|book|author|character)\b(?!s)|哪(?:个|位|一个|本|篇|家|名)|谁/i.test(
      question,
    ) && !/\btop\s*\d|\b\d+\s+(?:most|highest)|前\s*\d/i.test(question)
  );
}

function scopeText(scope: QuestionScope, language: "en" | "zh"): string {
  const conditions = scope.where.map(
    (condition) => `${condition.property} = ${String(condition.value)}`,
  );
  if (language === "zh") {
    const parts = [scope.nodeType ? `${scope.nodeType} 类型` : "", ...conditions].filter(Boolean);
    return parts.length > 0 ? `（范围：${parts.join("，")}）` : "";
  }
  const what = scope.nodeType ?? "nodes";
  return conditions.length > 0
    ? ` among ${what} with ${conditions.join(" and ")}`
    : scope.nodeType
      ? ` among ${what}`
      : "";
}

function degreeWords(mode: "all" | "in" | "out", ascending: boolean) {
  const most = ascending ? "fewest" : "most";
  const zhMost = ascending ? "最少" : "最多";
  switch (mode) {
    case "in":
      return { en: `the ${most} incoming edges`, zh: `入度${zhMost}`, column: "in-degree" };
    case "out":
      return { en: `the ${most} outgoing edges`, zh: `出度${zhMost}`, column: "out-degree" };
    default:
      return { en: `the ${most} connections`, zh: `连接${zhMost}`, column: "degree" };
  }
}

/**
 * Top-k by any centrality, over the nodes the question names by type and property value
 * ("which officer has the most connections" = degree among club = Officer). Degree is counted
 * raw with degree_analysis (in / out on directed graphs, only edges to a named second type);
 * the other measures come from node_centrality with the same filters.
 */
export function planRanking(input: {
  context: PlanContext;
  measure: CentralityMeasure;
  topK: number;
  mode?: "all" | "in" | "out";
  ascending?: boolean;
  strength?: boolean;
}): PlanOutcome {
  const { context, measure } = input;
  const question = context.reading.question;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const scope = resolveScope({ question, schema });
  const one = asksForOne(question);
  const ascending = input.ascending === true;
  const directed = context.graph.description.directed === true;
  const linkedTypes = scope.nodeType !== null && scope.otherTypes.length > 0;
  // Links to a named kind of node count whichever way they point (orders → customer).
  const mode = directed && !linkedTypes ? (input.mode ?? "all") : "all";
  // "Which of them …": the ranking runs over the nodes an earlier answer listed, kept by id.
  const where = [
    ...scope.where,
    ...(context.reading.nodeSet && context.reading.nodeSet.length > 0
      ? [{ property: "id", op: "in" as const, value: context.reading.nodeSet.slice(0, 1000) }]
      : []),
  ];
  const filters = {
    ...(scope.nodeType ? { node_type: scope.nodeType } : {}),
    ...(where.length > 0 ? { where } : {}),
  };
  // A type ranked by its links to another type counts only those links.
  const edgeTypes = scope.nodeType
    ? scope.otherTypes.length > 0
      ? [
          ...new Set(
            scope.otherTypes.flatMap((type) =>
              edgeTypesBetween(schema, scope.nodeType as string, type),
            ),
          ),
        ]
      : edgeTypesNamedByVerb({ question, schema, nodeType: scope.nodeType })
    : [];
  const topK =
    (ascending ? 1000 : Math.max(input.topK, one ? 5 : input.topK)) +
    (context.reading.excluded?.length ?? 0);
  const byStrength =
    context.graph.description.weighted === true &&
    (input.strength === true ||
      /\bin total\b|\btotal\b|总数|总共|总计|总量|总额/i.test(question) ||
      questionWords.weightQuantity.test(question));
  if (measure === "degree") {
    const call: PlannedCall = {
      toolName: "degree_analysis",
      input: {
        top_k: topK,
        mode,
        ...filters,
        ...(edgeTypes.length > 0 ? { edge_types: edgeTypes } : {}),
        ...(byStrength ? { rank_by: "strength" } : {}),
      },
    };
    return planSingleCall({
      context,
      call,
      schema: degreeDataSchema,
      write: (data) => {
        const rows: RankedRow[] = (data.top ?? []).map((row) => ({
          ...row,
          value: byStrength ? (row.strength ?? row.degree) : row.degree,
        }));
        const ordered = ascending
          ? [...rows].reverse().map((row, index) => ({ ...row, rank: index + 1 }))
          : rows;
        const words = byStrength
          ? {
              en: `the ${ascending ? "lowest" : "highest"} weighted degree`,
              zh: `加权度${ascending ? "最低" : "最高"}`,
              column: "strength",
            }
          : degreeWords(mode, ascending);
        const counting =
          edgeTypes.length > 0
            ? {
                en: `, counting ${edgeTypes.join(", ")} edges`,
                zh: `，只计 ${edgeTypes.join("、")} 边`,
              }
            : { en: "", zh: "" };
        return writeRanking({
          context,
          call,
          rows: ordered.slice(0, input.topK + (context.reading.excluded?.length ?? 0)),
          one,
          total: data.total,
          lead: (first) =>
            inLanguage(context, {
              en: `${nodeName(first)} has ${words.en}${scopeText(scope, "en")} (${words.column} ${formatFigure(first.value)}${counting.en}).`,
              zh: `${nodeName(first)} 的${words.zh}${scopeText(scope, "zh")}（${words.column} ${formatFigure(first.value)}${counting.zh}）。`,
            }),
          column: words.column,
          extraNotes: [],
          sizeBy: "degree",
        });
      },
    });
  }
  const weighedBy = weighingProperty({ context, schema });
  const weighted = asksForWeights({ question }) || weighedBy !== null;
  const call: PlannedCall = {
    toolName: "node_centrality",
    input: {
      algorithm: measure,
      top_k: topK,
      ...filters,
      ...(weighted ? { weighted: true } : {}),
      ...(weighedBy && weighedBy !== "weight" ? { weight_property: weighedBy } : {}),
      // "Ignoring the direction of trade, which country …": the undirected view.
      ...(directed && ignoresDirection(question) ? { undirected: true } : {}),
    },
  };
  const measureName = context.phrases.measureName(measure);
  return planSingleCall({
    context,
    call,
    schema: centralityDataSchema,
    write: (data) => {
      const rows: RankedRow[] = data.top.map((row) => ({ ...row, value: row.score }));
      const ordered = ascending
        ? [...rows].reverse().map((row, index) => ({ ...row, rank: index + 1 }))
        : rows;
      return writeRanking({
        context,
        call,
        rows: ordered.slice(0, input.topK + (context.reading.excluded?.length ?? 0)),
        one,
        total: data.node_count,
        lead: (first) =>
          inLanguage(context, {
            en: `${nodeName(first)} has the ${ascending ? "lowest" : "highest"} ${measureName}${scopeText(scope, "en")} (${formatFigure(first.value)}).`,
            zh: `${nodeName(first)} 的${measureName}${ascending ? "最低" : "最高"}${scopeText(scope, "zh")}（${formatFigure(first.value)}）。`,
          }),
        column: measureName,
        extraNotes: [
          weightsNote({ context, measure, measureName, data }),
          ...centralityNotes({ data, context }),
        ],
        sizeBy: measure === "betweenness" ? "betweenness" : "pagerank",
      });
    },
  });
}

function writeRanking(input: {
  context: PlanContext;
  call: PlannedCall;
  rows: RankedRow[];
  one: boolean;
  total: number | undefined;
  lead: (first: RankedRow) => string;
  column: string;
  extraNotes: string[];
  sizeBy: AnswerPart["sizeBy"];
}): AnswerPart {
  const { context, call } = input;
  // "Apart from n0, who …": the nodes the question leaves out are not ranked.
  const excluded = context.reading.excluded ?? [];
  const rows = input.rows
    .filter((row) => !isExcluded(excluded, row.id, row.label))
    .map((row, index) => (excluded.length > 0 ? { ...row, rank: index + 1 } : row));
  const part = emptyPart({ succeeded: true });
  part.sources.push(callSource(call));
  part.notes.push(...input.extraNotes.filter((note) => note.length > 0));
  const first = rows[0];
  if (!first) {
    part.summary.push(
      inLanguage(context, {
        en: "No node matches the question's filters, so nothing is ranked.",
        zh: "没有节点符合问题中的筛选条件，因此没有排名。",
      }),
    );
    return part;
  }
  let lead = input.lead(first);
  const second = rows[1];
  if (input.one && second && second.value === first.value) {
    lead += inLanguage(context, {
      en: ` ${nodeName(second)} ties with it.`,
      zh: ` ${nodeName(second)} 与其并列。`,
    });
  }
  if (!input.one && rows.length > 1) {
    // A list was asked for: the leaders in rank order, the table holds the rest.
    const leaders = rows
      .slice(0, 3)
      .map((row) => context.phrases.scoredNode(nodeName(row), formatFigure(row.value)));
    lead = context.phrases.centralitySummary({
      measure: input.column,
      shown: rows.length,
      total: input.total,
      leaders,
    });
  }
  part.summary.push(lead);
  part.sections.push({
    heading: inLanguage(context, {
      en: `Top ${rows.length} by ${input.column}`,
      zh: `按${input.column}排名前 ${rows.length}`,
    }),
    blocks: [
      {
        kind: "table",
        columns: [
          context.phrases.columnRank,
          context.phrases.columnNode,
          context.phrases.columnType,
          input.column,
        ],
        rows: rows.map((row) => [
          String(row.rank),
          nodeName(row),
          row.type ?? "",
          formatFigure(row.value),
        ]),
      },
    ],
  });
  part.rounded = roundsAny(rows.map((row) => row.value));
  part.sizeBy = input.sizeBy;
  part.focusNodeIds = rows.map((row) => row.id);
  return part;
}
