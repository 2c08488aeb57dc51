import { expect, it } from "vitest";
import { withLinkedNodeTables } from "./linked-node-tables";

it("lists a node table inside the row of the edge table it was uploaded with", () => {
  const edges = { dataset_id: "e", nodes_dataset_id: "n" };
  const nodes = { dataset_id: "n", nodes_dataset_id: null };
  const alone = { dataset_id: "a", nodes_dataset_id: null };
  const dangling = { dataset_id: "d", nodes_dataset_id: "gone" };
  expect(withLinkedNodeTables([alone, edges, nodes, dangling])).toEqual([
    { dataset: alone, nodeTable: null },
    { dataset: edges, nodeTable: nodes },
    { dataset: dangling, nodeTable: null },
  ]);
});
