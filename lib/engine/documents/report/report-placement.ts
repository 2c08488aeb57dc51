import type { ReportBlock, ReportSection } from "./report-block";

/**
 * Tools that set the stage (loading the graph, reading its state, finding or listing things):
 * their results are reference material, so a report puts them in its appendix.
 */
export function isStageTool(toolName: string): boolean {
  return (
    /^(search|list)_/.test(toolName) ||
    ["load_constructed_graph", "get_graph_info", "get_job_status", "register_session"].includes(
      toolName,
    )
  );
}

// Fields that say how a call ran rather than what it found.
const runFields = new Set([
  "status",
  "async",
  "job_id",
  "message",
  "dataset_id",
  "revision",
  "version",
  "loaded_at",
  "weighted",
  "weight_column",
  "undirected",
  "filters",
  "iterations",
  "converged",
  "truncated",
  "members_truncated",
  "elapsed_ms",
]);

/** A report's two parts: what the tools found first, the raw fields after, in an appendix. */
export type PlacedSections = { findings: ReportSection[]; appendix: ReportSection[] };

/**
 * Splits each tool's result blocks into findings (rankings, communities, paths, the figures
 * they report) and appendix (the call's own fields and every stage-setting tool). A tool's
 * one-line message leads its findings. A heading travels with the block under it.
 */
export function placeSections(sections: ReportSection[]): PlacedSections {
  const findings: ReportSection[] = [];
  const appendix: ReportSection[] = [];
  for (const section of sections) {
    if (isStageTool(section.toolName)) {
      appendix.push(section);
      continue;
    }
    const found: ReportBlock[][] = [];
    const raw: ReportBlock[][] = [];
    for (const blocks of section.results) {
      const split = splitBlocks(blocks);
      found.push(split.findings);
      if (split.appendix.length > 0) raw.push(split.appendix);
    }
    findings.push({ ...section, results: found });
    if (raw.length > 0) appendix.push({ ...section, results: raw, omittedResults: 0 });
  }
  return { findings, appendix };
}

function splitBlocks(blocks: ReportBlock[]): { findings: ReportBlock[]; appendix: ReportBlock[] } {
  const findings: ReportBlock[] = [];
  const appendix: ReportBlock[] = [];
  let heading: ReportBlock | null = null;
  for (const block of blocks) {
    if (block.kind === "heading") {
      heading = block;
      continue;
    }
    const withHeading = (target: ReportBlock[], item: ReportBlock) => {
      if (heading) target.push(heading);
      target.push(item);
    };
    if (block.kind === "facts") {
      const message = block.rows.find(([key]) => key === "message")?.[1];
      if (message) findings.unshift({ kind: "paragraph", text: message });
      const kept = block.rows.filter(([key, value]) => !runFields.has(key) && !isEmpty(value));
      const moved = block.rows.filter(([key, value]) => runFields.has(key) || isEmpty(value));
      if (kept.length > 0) withHeading(findings, { ...block, rows: kept });
      if (moved.length > 0) withHeading(appendix, { kind: "facts", rows: moved });
    } else {
      withHeading(findings, block);
    }
    heading = null;
  }
  return { findings, appendix };
}

function isEmpty(value: string): boolean {
  return value === "" || value === "null";
}
