import { expect, it } from "vitest";
import { describeEdgeTableColumns } from "./edge-table-columns";

it("names each column with whether it is numeric and its default role", () => {
  expect(describeEdgeTableColumns({ text: "from,to,weight,amount,kind\na,b,1,2.5,x\n" })).toEqual([
    { name: "from", numeric: false, role: "source" },
    { name: "to", numeric: false, role: "target" },
    { name: "weight", numeric: true, role: "weight" },
    { name: "amount", numeric: true, role: "property" },
    { name: "kind", numeric: false, role: "type" },
  ]);
});

it("reads a headerless table's columns as the build names them", () => {
  expect(describeEdgeTableColumns({ text: "1 2\n" })).toEqual([]);
  expect(describeEdgeTableColumns({ text: "1,2,0.5\n2,3,1\n" })).toEqual([
    { name: "column_1", numeric: true, role: "source" },
    { name: "column_2", numeric: true, role: "target" },
    { name: "column_3", numeric: true, role: "weight" },
  ]);
});

it("drops a cut-off last line of a file's first bytes", () => {
  expect(
    describeEdgeTableColumns({ text: "source,target,amount\na,b,1\nc,d,x", truncated: true }),
  ).toEqual([
    { name: "source", numeric: false, role: "source" },
    { name: "target", numeric: false, role: "target" },
    { name: "amount", numeric: true, role: "property" },
  ]);
});
