import "server-only";
import { z } from "zod";
import { constructDataset } from "@/lib/backend/constructions/construct-dataset";
import { loadConstructionGraph } from "@/lib/backend/constructions/load-construction-graph";
import { listDatasets } from "@/lib/backend/datasets/list-datasets";
import { getDatasetInScope } from "../dataset-scope";
import { sessionGraphs } from "../engine-state";
import { describeLoadedGraph } from "../graph-info";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

const datasetId = z.string().min(1).max(100).describe("A dataset id from list_datasets.");
const revision = z.number().int().positive().describe("A construction revision.");

async function loadIntoSession(input: {
  identity: Parameters<typeof requireSession>[0];
  datasetId: string;
  revision?: number;
}) {
  const { scope, projectId } = await requireSession(input.identity);
  await getDatasetInScope({ ownerId: scope.ownerId, projectId, datasetId: input.datasetId });
  const { construction, graph } = await loadConstructionGraph({
    ownerId: scope.ownerId,
    datasetId: input.datasetId,
    revision: input.revision,
  });
  const loaded = sessionGraphs().load(scope, {
    graph,
    origin: { kind: "construction", datasetId: input.datasetId, revision: construction.revision },
  });
  return describeLoadedGraph(loaded);
}

/** Data loading and construction tools: datasets, constructions, the session graph. */
export const dataTools = [
  defineTool({
    name: "list_datasets",
    description:
      "List the datasets of this session's project with their construction status and the newest ready revision.",
    input: z.object({}).strict(),
    catalogue: catalogue({ reads: ["D:*", "C:*"] }),
    run: async (_args, { identity }) => {
      const { scope, projectId } = await requireSession(identity);
      return { data: { datasets: await listDatasets({ ownerId: scope.ownerId, projectId }) } };
    },
  }),
  defineTool({
    name: "construct_graph",
    description:
      "Build a graph from an uploaded dataset (CSV, TXT edge list or SQL dump) and save it as its next revision. Only needed when the dataset has no ready construction.",
    input: z
      .object({
        dataset_id: datasetId,
        options: z
          .object({
            nodes_dataset_id: z.string().min(1).max(100).optional(),
            directed: z.boolean().optional(),
            weighted: z
              .boolean()
              .optional()
              .describe(
                "Edge weights from a TXT third column or a CSV weight column: read when present (default), required (true) or ignored (false).",
              ),
          })
          .strict()
          .optional(),
      })
      .strict(),
    catalogue: catalogue({ reads: ["D:{dataset_id}"], writes: ["C:{dataset_id}"], async: true }),
    run: async (args, { identity, signal }) => {
      const { scope, projectId } = await requireSession(identity);
      await getDatasetInScope({ ownerId: scope.ownerId, projectId, datasetId: args.dataset_id });
      if (args.options?.nodes_dataset_id) {
        await getDatasetInScope({
          ownerId: scope.ownerId,
          projectId,
          datasetId: args.options.nodes_dataset_id,
        });
      }
      const construction = await constructDataset({
        ownerId: scope.ownerId,
        datasetId: args.dataset_id,
        options: args.options ?? {},
        signal,
      });
      return { data: { construction }, message: `Built revision ${construction.revision}.` };
    },
  }),
  defineTool({
    name: "load_constructed_graph",
    description:
      "Load a saved construction (the newest ready revision unless one is given) into this session's graph. Does not rebuild.",
    input: z.object({ dataset_id: datasetId, revision: revision.optional() }).strict(),
    catalogue: catalogue({ reads: ["C:{dataset_id}"], writes: ["G"] }),
    run: async (args, { identity }) => ({
      data: await loadIntoSession({
        identity,
        datasetId: args.dataset_id,
        revision: args.revision,
      }),
    }),
  }),
  defineTool({
    name: "get_graph_info",
    description:
      "Describe the graph loaded in this session: nodes, edges, types, directedness, dataset and revision — or say that none is loaded.",
    input: z.object({}).strict(),
    catalogue: catalogue({ reads: ["G"] }),
    run: async (_args, { identity }) => {
      const { scope } = await requireSession(identity);
      const loaded = sessionGraphs().current(scope);
      if (!loaded) {
        return {
          data: { loaded: false },
          message: "No graph is loaded in this session; load one with load_constructed_graph.",
        };
      }
      return { data: describeLoadedGraph(loaded) };
    },
  }),
  defineTool({
    name: "switch_graph_version",
    description: "Load a specific saved construction revision of a dataset into this session.",
    input: z.object({ dataset_id: datasetId, revision }).strict(),
    catalogue: catalogue({ reads: ["C:{dataset_id}"], writes: ["G"] }),
    run: async (args, { identity }) => ({
      data: await loadIntoSession({
        identity,
        datasetId: args.dataset_id,
        revision: args.revision,
      }),
    }),
  }),
  defineTool({
    name: "clear_graph",
    description: "Unload every graph version from this session (saved constructions are kept).",
    input: z.object({}).strict(),
    catalogue: catalogue({ writes: ["G"], approval: true }),
    run: async (_args, { identity }) => {
      const { scope } = await requireSession(identity);
      return { data: sessionGraphs().clear(scope) };
    },
  }),
];
