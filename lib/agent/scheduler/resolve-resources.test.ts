import { describe, expect, it } from "vitest";
import type { ToolCatalogueEntry } from "@/lib/contracts/tool-catalogue-entry";
import { isReadOnlyCall, resolveResources } from "./resolve-resources";
import { graphToolDescriptors } from "./testing/graph-tool-descriptors";

const descriptors = graphToolDescriptors();

function entryOf(name: string): ToolCatalogueEntry {
  const entry = descriptors.get(name)?.catalogue;
  if (!entry) throw new Error(`no catalogue for ${name}`);
  return entry;
}

describe("resolveResources", () => {
  it("fills C:{dataset_id} from the call's dataset_id", () => {
    const entry = entryOf("load_constructed_graph");
    expect(resolveResources({ entry, args: { dataset_id: "ds_1" } })).toEqual({
      reads: ["C:ds_1"],
      writes: ["G"],
    });
  });

  it("fills every template of commit_graph_optimization and keeps plain names", () => {
    const entry = entryOf("commit_graph_optimization");
    expect(resolveResources({ entry, args: { dataset_id: "a", base_revision: 2 } })).toEqual({
      reads: ["C:a"],
      writes: ["C:a", "G"],
    });
  });

  it.each([
    ["missing", {}],
    ["a number", { dataset_id: 7 }],
    ["empty", { dataset_id: "" }],
    ["null", { dataset_id: null }],
  ])("widens to the family wildcard when dataset_id is %s", (_label, args) => {
    const entry = entryOf("construct_graph");
    expect(resolveResources({ entry, args })).toEqual({ reads: ["D:*"], writes: ["C:*"] });
  });

  it("keeps declared wildcards as they are", () => {
    const entry = entryOf("list_datasets");
    expect(resolveResources({ entry, args: { dataset_id: "a" } })).toEqual({
      reads: ["D:*", "C:*"],
      writes: [],
    });
  });

  it("turns an unparseable template into the global wildcard", () => {
    const entry: ToolCatalogueEntry = {
      resources: { reads: ["{dataset_id}"], writes: ["M:{a}{b}"] },
      requires_approval: false,
      may_be_async: false,
    };
    expect(resolveResources({ entry, args: { dataset_id: "a", a: "x", b: "y" } })).toEqual({
      reads: ["*"],
      writes: ["*"],
    });
  });

  it("drops duplicate resources after filling", () => {
    const entry: ToolCatalogueEntry = {
      resources: { reads: ["M:{model_id}", "M:m1"], writes: [] },
      requires_approval: false,
      may_be_async: false,
    };
    expect(resolveResources({ entry, args: { model_id: "m1" } }).reads).toEqual(["M:m1"]);
  });
});

describe("read_only_when (subgraph_extraction)", () => {
  const entry = entryOf("subgraph_extraction");

  it("writes nothing only when create_version=false is passed explicitly", () => {
    const args = { seed: "n1", depth: 1, create_version: false };
    expect(isReadOnlyCall({ entry, args })).toBe(true);
    expect(resolveResources({ entry, args })).toEqual({ reads: ["G"], writes: [] });
  });

  it.each([
    ["omitted", { seed: "n1" }],
    ["true", { seed: "n1", create_version: true }],
    ["the string 'false'", { seed: "n1", create_version: "false" }],
    ["0", { seed: "n1", create_version: 0 }],
  ])("still writes G when create_version is %s", (_label, args) => {
    expect(resolveResources({ entry, args })).toEqual({ reads: ["G"], writes: ["G"] });
  });

  it("needs every listed argument to match", () => {
    const twoConditions: ToolCatalogueEntry = {
      ...entry,
      read_only_when: { create_version: false, persist: { mode: "none" } },
    };
    const partial = { create_version: false, persist: { mode: "disk" } };
    const full = { create_version: false, persist: { mode: "none" } };
    expect(isReadOnlyCall({ entry: twoConditions, args: partial })).toBe(false);
    expect(isReadOnlyCall({ entry: twoConditions, args: full })).toBe(true);
  });

  it("treats an empty condition as never read-only", () => {
    expect(isReadOnlyCall({ entry: { ...entry, read_only_when: {} }, args: {} })).toBe(false);
  });
});
