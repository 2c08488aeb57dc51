import { describe, expect, it } from "vitest";
import { optimizationOperationsSchema } from "@/lib/contracts/optimization-operation";

describe("optimisation operations as a reviewer or a model writes them", () => {
  it("names the allowed ops for an unknown or missing op, at the operation's path", () => {
    for (const operation of [{ op: "delete_everything" }, { node_ids: ["n1"] }]) {
      const parsed = optimizationOperationsSchema.safeParse([operation]);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({
          path: [0, "op"],
          message:
            "op must be one of remove_nodes, remove_edges, merge_nodes, drop_isolated, set_property.",
        }),
      ]);
    }
  });

  it("reports a known op's own mistake, not the list of ops", () => {
    const parsed = optimizationOperationsSchema.safeParse([{ op: "remove_nodes", node_ids: [] }]);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [0, "node_ids"] });
    expect(parsed.error?.issues[0]?.message).not.toContain("op must be");
  });
});
