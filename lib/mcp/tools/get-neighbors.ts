import "server-only";
import { getNeighborsInputSchema } from "@/lib/contracts/tool-inputs/get-neighbors-input";
import { kHopNeighbourhood } from "@/lib/engine/algorithms/k-hop-neighbourhood";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** get_neighbors: a node's neighbourhood within a few hops. */
export const getNeighborsTool = defineTool({
  name: "get_neighbors",
  description: "Neighbours of a node within `depth` hops (both directions in directed graphs).",
  input: getNeighborsInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    const source = loaded.ids.indexOfOrThrow(args.node_id);
    // +1: the source itself is the first entry of the neighbourhood.
    const result = kHopNeighbourhood({
      csr: loaded.csr,
      sources: [source],
      hops: args.depth,
      limit: args.limit + 1,
      control: { signal },
    });
    const neighbours = [];
    for (let i = 0; i < result.nodes.length; i++) {
      if (result.nodes[i] === source) continue;
      neighbours.push({ ...nodeView(loaded, result.nodes[i]), hops: result.hops[i] });
    }
    return {
      data: {
        node: nodeView(loaded, source),
        depth: args.depth,
        neighbours,
        truncated: result.truncated,
      },
    };
  },
});
