import type { Metadata } from "next";
import { Suspense } from "react";
import { GraphExplorer } from "@/components/graph/graph-explorer";
import { GraphPageSkeleton } from "@/components/graph/graph-page-skeleton";

export const metadata: Metadata = { title: "Graph" };

export default function GraphPage() {
  // The page reads its choices from the query string, which only exists at request time.
  return (
    <Suspense fallback={<GraphPageSkeleton />}>
      <GraphExplorer />
    </Suspense>
  );
}
