import type { Metadata } from "next";
import { ModelDetailView } from "@/components/results/model-detail-view";

export const metadata: Metadata = { title: "Model" };

export default async function ModelPage({ params }: { params: Promise<{ model_id: string }> }) {
  const { model_id: modelId } = await params;
  return <ModelDetailView modelId={modelId} />;
}
