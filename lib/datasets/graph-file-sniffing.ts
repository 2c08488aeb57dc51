import type { DatasetKind } from "@/lib/contracts/dataset";
import { UnsupportedFileError } from "@/lib/errors/http-errors";

type GraphFileKind = Exclude<DatasetKind, "csv" | "txt" | "sql" | "sqlite" | "postgres">;

// What the head sample (256 KiB) of each graph format must show. Loose on purpose: the reader
// at construct time gives the precise PARSE_ERROR; here a file named for one format but holding
// another (or prose) is refused before it is stored.
const signatures: Record<GraphFileKind, { test: (text: string) => boolean; expected: string }> = {
  graphml: { test: (text) => /<graphml[\s>]/.test(text), expected: "a <graphml> element" },
  gexf: { test: (text) => /<gexf[\s>]/.test(text), expected: "a <gexf> element" },
  gml: {
    test: (text) => /(^|\s)graph\s*\[/.test(stripLineComments(text, "#")),
    expected: "a `graph [` block",
  },
  json: {
    test: (text) => /^\s*\{/.test(text) && /"nodes"\s*:/.test(text),
    expected: 'a JSON object with a "nodes" list (node-link JSON)',
  },
  pajek: {
    test: (text) =>
      /^\s*\*(vertices|network|arcs|edges|arcslist|edgeslist)\b/i.test(
        stripLineComments(text, "%"),
      ),
    expected: "a *Vertices, *Arcs or *Edges section",
  },
};

const formatNames: Record<GraphFileKind, string> = {
  graphml: "GraphML",
  gexf: "GEXF",
  gml: "GML",
  json: "node-link JSON",
  pajek: "Pajek .net",
};

/** Refuses text that does not look like the graph format its name claims. */
export function refuseUnlikeGraphFile(input: {
  filename: string;
  kind: GraphFileKind;
  text: string;
}): void {
  const signature = signatures[input.kind];
  if (input.text.trim() === "") {
    throw new UnsupportedFileError(`"${input.filename}" contains no data: only blank lines.`, {
      reason: "no_data",
    });
  }
  if (!signature.test(input.text)) {
    throw new UnsupportedFileError(
      `"${input.filename}" does not look like ${formatNames[input.kind]}: expected ${signature.expected} near the start.`,
      { reason: "wrong_content" },
    );
  }
}

function stripLineComments(text: string, prefix: string): string {
  return text
    .split(/\r\n|\n|\r/)
    .filter((line) => !line.trimStart().startsWith(prefix))
    .join("\n");
}
