"use client";

import { useCapabilities } from "@/hooks/use-capabilities";
import { useCurrentProject } from "@/hooks/use-current-project";
import { useDatasetUploads } from "@/hooks/use-dataset-uploads";
import { CreateFirstProject, ProjectGate } from "../projects/project-gate";
import { PageHeader } from "../ui/page-header";
import { ConnectDatabaseForm } from "./connect-database-form";
import { DatasetDropZone } from "./dataset-drop-zone";
import { DatasetTableSkeleton } from "./dataset-table-skeleton";
import { DatasetUploadList } from "./dataset-upload-list";
import { ProjectDatasetList } from "./project-dataset-list";
import { UploadAnnouncer } from "./upload-announcer";

/** The Datasets page: upload files into the current project and see what is stored. */
export function DatasetsView() {
  const { project } = useCurrentProject();
  // Without capabilities the server alone enforces the limit; uploads still work.
  const capabilities = useCapabilities();
  const maxBytes = capabilities.data?.upload_max_bytes;
  const { uploads, startUploads, cancelUpload, dismissUpload, clearFinished } = useDatasetUploads({
    maxBytes,
  });

  const header = (
    <PageHeader
      title="Datasets"
      description={
        project ? (
          <>
            Source files in <strong data-testid="current-project-name">{project.name}</strong>, with
            whether a graph has been built from each and which revision is current.
          </>
        ) : (
          "Source files for your graphs."
        )
      }
    />
  );

  return (
    <ProjectGate
      header={header}
      loading={<DatasetTableSkeleton />}
      errorTitle="Projects could not be loaded, so there is nothing to list."
      noProject={<CreateFirstProject belongings="Datasets" />}
    >
      {(project) => {
        const projectUploads = uploads.filter((upload) => upload.projectId === project.project_id);
        return (
          <>
            <DatasetDropZone
              maxBytes={maxBytes}
              onFiles={(files) => void startUploads({ projectId: project.project_id, files })}
            />
            <ConnectDatabaseForm projectId={project.project_id} />
            <UploadAnnouncer uploads={projectUploads} />
            <DatasetUploadList
              uploads={projectUploads}
              onCancel={cancelUpload}
              onDismiss={dismissUpload}
              onClearFinished={clearFinished}
            />
            <ProjectDatasetList project={project} />
          </>
        );
      }}
    </ProjectGate>
  );
}
