"use client";

import { useState } from "react";
import { useChatPageState } from "@/hooks/use-chat-page-state";
import { useCurrentProject } from "@/hooks/use-current-project";
import { CreateProjectForm } from "../create-project-form";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { ConversationSkeleton, SessionListSkeleton } from "./chat-skeleton";
import { Conversation } from "./conversation";
import { SessionList } from "./session-list";

/** The Chat page: the project's conversations beside the selected one. */
export function ChatView() {
  const { project, projectsQuery, selectProject } = useCurrentProject();
  const [sessionId, selectSession] = useChatPageState();
  const [createdId, setCreatedId] = useState<string | null>(null);

  const header = (
    <PageHeader
      title="Chat"
      description={
        project ? (
          <>
            Ask the agent about the graphs of{" "}
            <strong data-testid="current-project-name">{project.name}</strong>; every tool it calls
            is shown with its result, and figures in the answer link to the call they came from.
          </>
        ) : (
          "Ask the agent about your graphs and watch it work."
        )
      }
    />
  );

  if (projectsQuery.isPending) {
    return (
      <>
        {header}
        <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
          <SessionListSkeleton />
          <ConversationSkeleton />
        </div>
      </>
    );
  }
  if (projectsQuery.isError) {
    return (
      <>
        {header}
        <ErrorState
          title="Projects could not be loaded, so there are no conversations to show."
          error={projectsQuery.error}
          onRetry={() => projectsQuery.refetch()}
          isRetrying={projectsQuery.isFetching}
        />
      </>
    );
  }
  if (!project) {
    return (
      <>
        {header}
        <EmptyState title="Create a project to start." testId="no-project-state">
          <p className="mb-4">Conversations belong to a project. Name your first one:</p>
          <div className="mx-auto max-w-xs text-left">
            <CreateProjectForm onCreated={(created) => selectProject(created.project_id)} />
          </div>
        </EmptyState>
      </>
    );
  }

  return (
    <>
      {header}
      <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="md:sticky md:top-6 md:self-start">
          <SessionList
            projectId={project.project_id}
            selectedId={sessionId}
            onSelect={selectSession}
            onCreated={setCreatedId}
          />
        </div>
        <div className="min-w-0">
          {sessionId ? (
            <Conversation
              key={sessionId}
              sessionId={sessionId}
              projectId={project.project_id}
              onLeave={() => selectSession(null)}
              autoFocusComposer={createdId === sessionId}
            />
          ) : (
            <EmptyState title="No conversation selected." testId="no-session-selected">
              Choose a conversation on the left, or start a new analysis: attach a dataset whose
              graph is built and ask about it.
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
