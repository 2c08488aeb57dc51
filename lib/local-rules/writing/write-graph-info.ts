import type { PlanContext } from "../planning/plan-types";
import { latestStep } from "../steps/call-resolution";
import { datasetInScope } from "../steps/dataset-scope";
import { type AnswerPart, emptyPart } from "./answer-document";
import { constructionDataSchema, readData } from "./result-shapes";

function datasetLabel(context: PlanContext): string {
  const { description, datasetName } = context.graph;
  const id = description.dataset_id ?? "?";
  return datasetName ? `"${datasetName}" (${id})` : id;
}

/** The source line every graph answer carries: which verified graph the figures come from. */
export function graphContextPart(input: { context: PlanContext }): AnswerPart {
  const { context } = input;
  const { description, verifiedBy } = context.graph;
  const part = emptyPart({ succeeded: true });
  part.sources.push(
    context.phrases.sourceGraph({
      tool: verifiedBy,
      dataset: description.dataset_id ? datasetLabel(context) : undefined,
      revision: description.revision ?? undefined,
      nodes: description.nodes,
      edges: description.edges,
    }),
  );
  const construct = latestStep({ steps: context.reading.steps, toolName: "construct_graph" });
  const built =
    construct?.outcome.kind === "success"
      ? readData(constructionDataSchema, construct.outcome.envelope)
      : null;
  if (built) part.notes.push(context.phrases.noteBuiltRevision(built.construction.revision));
  return part;
}

function countTable(counts: Record<string, number> | undefined, columns: string[]) {
  const rows = Object.entries(counts ?? {}).map(([name, count]) => [name, String(count)]);
  return rows.length > 0 ? { kind: "table" as const, columns, rows } : null;
}

/**
 * The state check answer (SS-3): the three facts kept apart — what is bound and attached, what
 * is constructed (from the session state), what is loaded (verified by a tool in this run).
 */
export function writeGraphInfo(input: { context: PlanContext; buildAsked: boolean }): AnswerPart {
  const { context } = input;
  const p = context.phrases;
  const { description, verifiedBy } = context.graph;
  const state = context.reading.state;
  const part = graphContextPart({ context });
  part.summary.push(
    p.graphLoadedSummary({
      dataset: description.dataset_id ? datasetLabel(context) : undefined,
      revision: description.revision ?? undefined,
      version: description.version,
      nodes: description.nodes,
      edges: description.edges,
      directed: description.directed,
      weighted: description.weighted,
      verifiedBy,
    }),
  );
  const facts: string[] = [];
  const scope = datasetInScope({ state });
  if (state?.construction_sources.length) {
    facts.push(
      p.factAttachments(
        state.construction_sources.map(
          (source) =>
            `"${source.name}" (${source.dataset_id}, ${source.kind}, ${source.construction_status})`,
        ),
      ),
    );
  }
  facts.push(state?.active_dataset_id ? p.factBound(state.active_dataset_id) : p.factNotBound);
  if (state?.data_state) {
    facts.push(
      p.factConstruction(
        state.data_state.dataset_id,
        state.data_state.construction_status,
        state.data_state.construction_revision,
      ),
    );
  }
  facts.push(p.factLoaded(verifiedBy, description.revision ?? undefined));
  if (scope && scope.source !== "attachment" && description.dataset_id !== scope.datasetId) {
    facts.push(p.factScopeDiffers(scope.datasetId));
  }
  part.sections.push({ heading: p.stateHeading, blocks: [{ kind: "list", items: facts }] });
  const rebuilt = latestStep({ steps: context.reading.steps, toolName: "construct_graph" });
  if (input.buildAsked && !rebuilt && verifiedBy === "load_constructed_graph") {
    part.notes.push(p.noteReusedConstruction(description.revision ?? undefined));
  }
  const nodeTypes = countTable(description.node_types, [p.columnNodeType, p.columnCount]);
  const edgeTypes = countTable(description.edge_types, [p.columnEdgeType, p.columnCount]);
  if (nodeTypes) part.sections.push({ heading: p.nodeTypesHeading, blocks: [nodeTypes] });
  if (edgeTypes) part.sections.push({ heading: p.edgeTypesHeading, blocks: [edgeTypes] });
  return part;
}
