import { kPathsDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { countsHops, pathWeighing, pathWeighted } from "./path-weighting";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";

const ordinalWords = ["", "first", "second", "third", "fourth", "fifth"];

/** The k shortest simple paths between two nodes (shortest_path with k), ranked by length. */
export function planKShortest(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
  k: number;
  ordinal: number | null;
  weighted: boolean;
}): PlanOutcome {
  const { context, k, ordinal } = input;
  const graphWeighted = context.graph.description.weighted === true;
  const question = context.reading.question;
  // "按航行天数算，第二快的路线": the paths ranked by a link property the question measures in.
  const weighing = pathWeighing(context);
  if (weighing.kind === "pending") return weighing.outcome;
  const property = countsHops(question) ? null : weighing.property;
  const weighted =
    property !== null ||
    (graphWeighted &&
      !countsHops(question) &&
      (input.weighted || pathWeighted({ question, graphWeighted })));
  return planOnNodes({
    context,
    names: [input.source, input.target],
    missing: {
      en: 'I need the two end nodes, e.g. "the 3 shortest paths from n16 to n33".',
      zh: "请给出两个端点，例如“n16 到 n33 的前 3 条最短路径”。",
    },
    call: ([from, to]) => ({
      toolName: "shortest_path",
      input: {
        source: from.id,
        target: to.id,
        k,
        ...(property ? { weight_property: property } : weighted ? { weighted: true } : {}),
      },
    }),
    schema: kPathsDataSchema,
    write: (data, [from, to], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const unit = (path: { length: number; distance?: number | null }) =>
        weighted
          ? inLanguage(context, {
              en: `distance ${formatFigure(path.distance)}`,
              zh: `距离 ${formatFigure(path.distance)}`,
            })
          : inLanguage(context, { en: `${path.length} hops`, zh: `${path.length} 跳` });
      if (!data.found || data.paths.length === 0) {
        part.summary.push(
          inLanguage(context, {
            en: `No — there is no path from ${from.id} to ${to.id}.`,
            zh: `从 ${from.id} 到 ${to.id} 不存在路径。`,
          }),
        );
        return part;
      }
      const wanted = ordinal ? data.paths[ordinal - 1] : undefined;
      if (ordinal && wanted) {
        part.summary.push(
          inLanguage(context, {
            en: `The ${ordinalWords[ordinal] ?? `#${ordinal}`} shortest path from ${from.id} to ${to.id} has ${unit(wanted)} (${wanted.path.join(" → ")}).`,
            zh: `从 ${from.id} 到 ${to.id} 的第 ${ordinal} 短路径为 ${unit(wanted)}（${wanted.path.join(" → ")}）。`,
          }),
        );
      } else if (ordinal) {
        part.summary.push(
          inLanguage(context, {
            en: `Only ${data.paths.length} simple paths lead from ${from.id} to ${to.id}, so there is no path number ${ordinal}.`,
            zh: `从 ${from.id} 到 ${to.id} 只有 ${data.paths.length} 条简单路径，没有第 ${ordinal} 条。`,
          }),
        );
      } else {
        part.summary.push(
          inLanguage(context, {
            en: `The ${data.paths.length} shortest paths from ${from.id} to ${to.id} have ${data.paths.map(unit).join(", ")}.`,
            zh: `从 ${from.id} 到 ${to.id} 的 ${data.paths.length} 条最短路径分别为 ${data.paths.map(unit).join("、")}。`,
          }),
        );
      }
      part.sections.push({
        heading: inLanguage(context, {
          en: `The ${data.paths.length} shortest paths`,
          zh: `前 ${data.paths.length} 条最短路径`,
        }),
        blocks: [
          {
            kind: "table",
            columns: [
              "#",
              inLanguage(context, {
                en: weighted ? "Distance" : "Hops",
                zh: weighted ? "距离" : "跳数",
              }),
              inLanguage(context, { en: "Path", zh: "路径" }),
            ],
            rows: data.paths.map((path) => [
              String(path.rank),
              weighted ? formatFigure(path.distance) : String(path.length),
              path.path.join(" → "),
            ]),
          },
        ],
      });
      part.focusNodeIds = [...new Set(data.paths.flatMap((path) => path.path))];
      return part;
    },
  });
}
