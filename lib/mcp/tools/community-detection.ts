import "server-only";
import { communityDetectionInputSchema } from "@/lib/contracts/tool-inputs/community-detection-input";
import { connectedComponents } from "@/lib/engine/algorithms/connected-components";
import { labelPropagation } from "@/lib/engine/algorithms/label-propagation";
import { louvain } from "@/lib/engine/algorithms/louvain";
import { modularity } from "@/lib/engine/algorithms/modularity";
import { summarizePartition } from "@/lib/engine/algorithms/partition-summary";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { indicesOf, nodeView } from "../node-view";
import { catalogue, defineTool } from "../tool-definition";

/** community_detection: a partition of the session graph with modularity. */
export const communityDetectionTool = defineTool({
  name: "community_detection",
  description:
    "Find communities in the session graph (louvain, label_propagation or connected_components); reports modularity, the largest communities and, for node_ids, which community each is in.",
  input: communityDetectionInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = sessionGraphs().currentOrThrow(scope);
    const csr = loaded.csr;
    const control = { signal };
    const partition =
      args.algorithm === "louvain"
        ? await louvain({
            csr,
            resolution: args.resolution,
            seed: args.seed,
            weighted: args.weighted,
            control,
          })
        : args.algorithm === "label_propagation"
          ? await labelPropagation({ csr, seed: args.seed, weighted: args.weighted, control })
          : (() => {
              const components = connectedComponents({ csr, control });
              return {
                communityOf: components.componentOf,
                count: components.count,
                modularity: modularity({
                  csr,
                  communityOf: components.componentOf,
                  weighted: args.weighted,
                }),
              };
            })();
    const groups = summarizePartition({
      groupOf: partition.communityOf,
      count: partition.count,
      limit: args.limit,
    });
    const asked = args.node_ids ? indicesOf(loaded, args.node_ids) : [];
    return {
      data: {
        algorithm: args.algorithm,
        community_count: partition.count,
        modularity: partition.modularity,
        communities: groups.items.map((group) => ({
          community: group.group,
          size: group.size,
          members: group.members.map((node) => nodeView(loaded, node).id),
          members_truncated: group.membersTruncated,
        })),
        truncated: groups.truncated,
        node_communities: asked.map((node) => ({
          ...nodeView(loaded, node),
          community: partition.communityOf[node],
        })),
      },
    };
  },
});
