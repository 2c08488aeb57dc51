import { describe, expect, it } from "vitest";
import { constructFromGml } from "@/lib/engine/construction/gml/construct-from-gml";
import { GraphBuilder } from "@/lib/engine/graph/graph-builder";
import { buildExportModel } from "./export-model";
import { gmlNaming, writeGml } from "./write-gml";

describe("a GML export read back by the workbench", () => {
  it("keeps the node ids, labels, properties and weights", () => {
    const builder = new GraphBuilder({ directed: true });
    builder.addNode("customers:7", { label: "Customer O'Neil 7", properties: { city: "Porto" } });
    builder.addNode("n33", { label: null, properties: { club: "Officer" } });
    builder.addEdge("customers:7", "n33", { weight: 2.5 });
    const graph = builder.build();
    const text = [...writeGml(buildExportModel({ graph, naming: gmlNaming }))].join("");
    const back = constructFromGml({ content: text });
    expect(back.directed).toBe(true);
    expect(back.nodeIds).toEqual(["customers:7", "n33"]);
    expect(back.nodeLabels[0]).toBe("Customer O'Neil 7");
    expect(back.nodeProperties[0]).toMatchObject({ city: "Porto" });
    expect([...(back.edgeWeights ?? [])]).toEqual([2.5]);
    expect(back.nodeIds[back.edgeSources[0]]).toBe("customers:7");
    expect(back.nodeIds[back.edgeTargets[0]]).toBe("n33");
  });
});
