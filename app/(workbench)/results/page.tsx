import type { Metadata } from "next";
import { MlResultsView } from "@/components/results/ml-results-view";

export const metadata: Metadata = { title: "Results" };

export default function ResultsPage() {
  return <MlResultsView />;
}
