import { describe, expect, it } from "vitest";
import { EngineError } from "../../engine-error";
import { constructFromCsv } from "./construct-from-csv";

const payments = "payer,payee,amount,weight,channel\na,b,120.5,1,card\nb,c,30,1,cash\n";

function refusal(build: () => unknown): EngineError {
  try {
    build();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("constructFromCsv with a chosen weight column", () => {
  it("reads the weights from the named column; the detected one stays a property", () => {
    const graph = constructFromCsv({ edges: payments, weightColumn: "amount", directed: true });
    expect(Array.from(graph.edgeWeights ?? [])).toEqual([120.5, 30]);
    expect(graph.edgeWeightColumn).toBe("amount");
    expect(graph.edgeProperties).toEqual([
      { weight: 1, channel: "card" },
      { weight: 1, channel: "cash" },
    ]);
  });

  it("matches a name after normalising when only one column fits", () => {
    const graph = constructFromCsv({ edges: payments, weightColumn: "Amount" });
    expect(graph.edgeWeightColumn).toBe("amount");
  });

  it("takes a column the name rule read as the edge type", () => {
    const graph = constructFromCsv({
      edges: "source,target,kind\na,b,3\nb,c,4\n",
      weightColumn: "kind",
    });
    expect(Array.from(graph.edgeWeights ?? [])).toEqual([3, 4]);
    expect(graph.edgeTypeNames).toEqual(["default"]);
  });

  it("refuses an unknown, an endpoint or a non-numeric column as INVALID_REQUEST", () => {
    for (const [weightColumn, message] of [
      ["price", /no column "price"/],
      ["payer", /endpoints/],
      ["channel", /not numeric/],
    ] as const) {
      const error = refusal(() => constructFromCsv({ edges: payments, weightColumn }));
      expect(error.code).toBe("INVALID_REQUEST");
      expect(error.message).toMatch(message);
    }
  });
});
