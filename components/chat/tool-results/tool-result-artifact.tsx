"use client";

import dynamic from "next/dynamic";
import { z } from "zod";
import type { ToolCardState } from "@/hooks/api/run-view";

const artifactDataSchema = z.object({ artifact_id: z.string().min(1) });

function Loading() {
  return (
    <p className="mt-2 text-xs text-slate-600" aria-busy="true">
      Loading…
    </p>
  );
}

// On demand: the picture pulls in sigma and WebGL code, the report the report view; a chat
// without either never downloads them.
const ToolResultGraphPicture = dynamic(
  () => import("./tool-result-graph-picture").then((module) => module.ToolResultGraphPicture),
  { ssr: false, loading: Loading },
);
const ToolResultReport = dynamic(
  () => import("./tool-result-report").then((module) => module.ToolResultReport),
  { ssr: false, loading: Loading },
);

/** The artefact id a succeeded visualize_subgraph / create_analysis_report result names. */
export function artifactIdOf(card: ToolCardState): string | null {
  if (card.status !== "succeeded") return null;
  const parsed = artifactDataSchema.safeParse(card.result?.data);
  return parsed.success ? parsed.data.artifact_id : null;
}

/** What a tool card shows of a stored artefact: a graph picture or a report, else nothing. */
export function ToolResultArtifact({ card }: { card: ToolCardState }) {
  const artifactId = artifactIdOf(card);
  if (!artifactId) return null;
  if (card.toolName === "visualize_subgraph") {
    return <ToolResultGraphPicture artifactId={artifactId} />;
  }
  if (card.toolName === "create_analysis_report") {
    return <ToolResultReport artifactId={artifactId} />;
  }
  return null;
}
