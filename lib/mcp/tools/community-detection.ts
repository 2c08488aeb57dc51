import "server-only";
import { communityDetectionInputSchema } from "@/lib/contracts/tool-inputs/community-detection-input";
import { canonicalPartition } from "@/lib/engine/algorithms/canonical-partition";
import { connectedComponents } from "@/lib/engine/algorithms/connected-components";
import { modularity } from "@/lib/engine/algorithms/modularity";
import { summarizePartition } from "@/lib/engine/algorithms/partition-summary";
import { stronglyConnectedComponents } from "@/lib/engine/algorithms/strongly-connected-components";
import type { CsrGraph } from "@/lib/engine/csr/csr-graph";
import { runEngineKernel } from "@/lib/kernels/engine-kernels";
import { measuredView, requireWeights, weightingOf, weightingReport } from "../analysis-scope";
import { requireSession } from "../mcp-identity";
import { indicesOf, nodeView } from "../node-view";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

type Partition = { communityOf: Int32Array; count: number; modularity: number };

function componentPartition(
  csr: CsrGraph,
  components: { componentOf: Int32Array; count: number },
  weighted: boolean,
): Partition {
  return {
    communityOf: components.componentOf,
    count: components.count,
    modularity: modularity({ csr, communityOf: components.componentOf, weighted }),
  };
}

/** community_detection: a partition of the session graph with modularity. */
export const communityDetectionTool = defineTool({
  name: "community_detection",
  description:
    "Find communities in the session graph (louvain, leiden — every community connected —, label_propagation, connected_components or strongly_connected_components); reports modularity, the largest communities and, for node_ids, which community each is in. edge_types restricts the edges used.",
  input: communityDetectionInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    // Modularity methods read a weight as a strength (NetworkX's louvain_communities).
    const weighting = weightingOf(args, "strength");
    const { weighted } = weighting;
    const view = measuredView(loaded, args.edge_types, weighting);
    requireWeights({ view, weighted, algorithm: args.algorithm, graph: loaded.graph });
    const csr = view.csr;
    const control = { signal };
    const options = { resolution: args.resolution, seed: args.seed, weighted };
    let partition: Partition;
    switch (args.algorithm) {
      case "louvain":
        partition = await runEngineKernel("louvain", { csr, options, control });
        break;
      case "leiden":
        partition = await runEngineKernel("leiden", { csr, options, control });
        break;
      case "label_propagation":
        partition = await runEngineKernel("labelPropagation", {
          csr,
          options: { seed: args.seed, weighted },
          control,
        });
        break;
      case "connected_components":
        partition = componentPartition(csr, connectedComponents({ csr, control }), weighted);
        break;
      case "strongly_connected_components":
        partition = componentPartition(
          csr,
          stronglyConnectedComponents({ csr, control }),
          weighted,
        );
        break;
    }
    // Ids by size, then smallest member, remembered on the version: a picture drawn next
    // (visualize_subgraph) and the Graph page call each community by the same number.
    const canonical = canonicalPartition(partition);
    loaded.communities = canonical;
    const groups = summarizePartition({
      groupOf: canonical.communityOf,
      count: canonical.count,
      limit: args.limit,
    });
    const asked = args.node_ids ? indicesOf(loaded, args.node_ids) : [];
    return {
      data: {
        algorithm: args.algorithm,
        weighted,
        ...weightingReport(weighting, weighted),
        ...(view.edgeTypes ? { edge_types: view.edgeTypes } : {}),
        community_count: canonical.count,
        modularity: partition.modularity,
        communities: groups.items.map((group) => ({
          community: group.group,
          size: group.size,
          members: group.members.map((node) => nodeView(loaded, node).id),
          members_truncated: group.membersTruncated,
        })),
        truncated: groups.truncated,
        total: canonical.count,
        node_communities: asked.map((node) => ({
          ...nodeView(loaded, node),
          community: canonical.communityOf[node],
        })),
      },
    };
  },
});
