import type { Metadata } from "next";
import { RerunDiffView } from "@/components/reruns/rerun-diff-view";

export const metadata: Metadata = { title: "Re-run" };

export default async function RerunPage({ params }: { params: Promise<{ rerun_id: string }> }) {
  const { rerun_id: rerunId } = await params;
  return <RerunDiffView rerunId={rerunId} />;
}
