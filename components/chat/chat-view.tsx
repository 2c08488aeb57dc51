"use client";

import { useState } from "react";
import { useChatPageState } from "@/hooks/use-chat-page-state";
import { useCurrentProject } from "@/hooks/use-current-project";
import { CreateFirstProject, ProjectGate } from "../projects/project-gate";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";
import { ConversationSkeleton, SessionListSkeleton } from "./chat-skeleton";
import { Conversation } from "./conversation";
import { SessionList } from "./sessions/session-list";

/** The Chat page: the project's conversations beside the selected one. */
export function ChatView() {
  const { project } = useCurrentProject();
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

  return (
    <ProjectGate
      header={header}
      loading={
        <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
          <SessionListSkeleton />
          <ConversationSkeleton />
        </div>
      }
      errorTitle="Projects could not be loaded, so there are no conversations to show."
      noProject={<CreateFirstProject belongings="Conversations" />}
    >
      {(project) => (
        <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
          <div className="md:sticky md:top-6 md:self-start">
            <SessionList
              projectId={project.project_id}
              selectedId={sessionId}
              onSelect={selectSession}
              onCreated={setCreatedId}
              onDeleted={(deletedId) => {
                if (deletedId === sessionId) selectSession(null);
              }}
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
      )}
    </ProjectGate>
  );
}
