import type { GraphExportFormat } from "@/lib/contracts/graph-export";
import type { AttributeNaming, ExportModel } from "./export-model";
import { csvNaming, writeCsvZip } from "./write-csv-zip";
import { gexfNaming, writeGexf } from "./write-gexf";
import { gmlNaming, writeGml } from "./write-gml";
import { graphmlNaming, writeGraphml } from "./write-graphml";
import { nodeLinkNaming, writeNodeLinkJson } from "./write-node-link-json";

/** One export format: how it names attributes, its writer, file extension and media type. */
export type GraphExportWriter = {
  naming: AttributeNaming;
  write: (model: ExportModel) => Generator<string | Uint8Array>;
  extension: string;
  contentType: string;
};

/** Every format's writer, by format name. */
export const graphExportWriters: Record<GraphExportFormat, GraphExportWriter> = {
  graphml: {
    naming: graphmlNaming,
    write: writeGraphml,
    extension: "graphml",
    contentType: "application/graphml+xml; charset=utf-8",
  },
  gexf: {
    naming: gexfNaming,
    write: writeGexf,
    extension: "gexf",
    contentType: "application/gexf+xml; charset=utf-8",
  },
  gml: {
    naming: gmlNaming,
    write: writeGml,
    extension: "gml",
    contentType: "text/plain; charset=utf-8",
  },
  json: {
    naming: nodeLinkNaming,
    write: writeNodeLinkJson,
    extension: "json",
    contentType: "application/json; charset=utf-8",
  },
  csv: {
    naming: csvNaming,
    write: writeCsvZip,
    extension: "zip",
    contentType: "application/zip",
  },
};
