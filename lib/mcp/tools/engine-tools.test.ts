import { describe, expect, it } from "vitest";
import { engineToolInputSchemas } from "@/lib/contracts/tool-inputs/engine-tool-input-schemas";
import { nodeSimilarityInputSchema } from "@/lib/contracts/tool-inputs/node-similarity-input";
import { similarityMetrics } from "@/lib/engine/algorithms/similarity-metric";
import { engineTools } from "./index";

// Clients and the offline model's tests validate arguments with the server-free schemas; this
// keeps them the very schemas the server parses with, so they cannot drift apart.
describe("engine tool registry", () => {
  it("registers every tool once, in the order of the contract's input schemas", () => {
    expect(engineTools.map((tool) => tool.name)).toEqual(Object.keys(engineToolInputSchemas));
  });

  it("parses each tool's arguments with its schema from lib/contracts", () => {
    for (const tool of engineTools) {
      expect(tool.input, tool.name).toBe(
        engineToolInputSchemas[tool.name as keyof typeof engineToolInputSchemas],
      );
    }
  });

  it("offers exactly the similarity metrics the engine computes", () => {
    // The contract is client-safe zod and cannot import the engine: this keeps the two lists one.
    expect(nodeSimilarityInputSchema.shape.metric.unwrap().options).toEqual([...similarityMetrics]);
  });
});
