"use client";

import Link from "next/link";
import { useCurrentProject } from "@/hooks/use-current-project";
import { ProjectGate } from "../projects/project-gate";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";
import { GraphPageSkeleton } from "./graph-page-skeleton";
import { ProjectGraph } from "./project-graph";

/** The Graph page: choose a built dataset of the current project and explore its drawing. */
export function GraphExplorer() {
  const { project } = useCurrentProject();

  const header = (
    <PageHeader
      title="Graph"
      description={
        project ? (
          <>
            Graphs built from the datasets of{" "}
            <strong data-testid="current-project-name">{project.name}</strong>, drawn with
            communities coloured and nodes sized by centrality.
          </>
        ) : (
          "Explore the graphs built from your datasets."
        )
      }
    />
  );

  return (
    <ProjectGate
      header={header}
      loading={<GraphPageSkeleton />}
      errorTitle="Projects could not be loaded, so there is no graph to show."
      noProject={
        <EmptyState title="There is no project yet." testId="graph-no-project">
          Graphs are built from datasets, and datasets belong to a project. Create one and upload a
          file on the{" "}
          <Link href="/datasets" className="font-medium text-blue-700 underline">
            Datasets page
          </Link>
          .
        </EmptyState>
      }
    >
      {(project) => <ProjectGraph key={project.project_id} project={project} />}
    </ProjectGate>
  );
}
