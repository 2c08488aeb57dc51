import "server-only";
import { processRegistry } from "@/lib/process/process-registry";

/** A dataset's revision that just became ready (a build or a saved optimisation). */
export type ReadyRevision = {
  ownerId: string;
  projectId: string;
  datasetId: string;
  revision: number;
};

type Listener = (revision: ReadyRevision) => Promise<void>;

const registry = processRegistry<{ listeners?: Map<string, Listener> }>(
  "__workbenchRevisionReadyListeners",
);

/**
 * Registers (or, by the same name, replaces) what runs when a revision becomes ready in this
 * process. The composition root wires it: constructions know nothing of who listens.
 */
export function onRevisionReady(input: { name: string; listener: Listener }): void {
  registry.listeners ??= new Map();
  registry.listeners.set(input.name, input.listener);
}

/**
 * Tells the listeners a revision is ready, without waiting for them: a listener's failure is
 * logged and never fails the build that made the revision.
 */
export function announceRevisionReady(revision: ReadyRevision): void {
  for (const [name, listener] of registry.listeners ?? []) {
    listener(revision).catch((error) =>
      console.error(`revision ready: listener ${name} failed:`, error),
    );
  }
}
