"use client";

import { useState } from "react";
import { quietButtonClass, secondaryButtonClass } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { useKnowledgeProposals, useKnowledgeSearch, useMemoryActions } from "@/hooks/use-memories";

/** PROPOSE mode: distilled knowledge waiting for a person to accept or discard. */
export function KnowledgeProposals() {
  const proposals = useKnowledgeProposals();
  const { decide } = useMemoryActions();
  if (proposals.isPending) return null;
  if (proposals.isError)
    return <ErrorState title="Proposals could not be loaded" error={proposals.error} />;
  return (
    <section aria-labelledby="proposals-heading" className="mt-6" data-testid="knowledge-proposals">
      <h2 id="proposals-heading" className="text-lg font-semibold text-slate-900">
        Proposals waiting for a decision
      </h2>
      {proposals.data.length === 0 ? (
        <EmptyState title="No proposals waiting" testId="knowledge-proposals-empty" />
      ) : (
        <ul className="mt-2 space-y-2">
          {proposals.data.map((proposal) => (
            <li
              key={proposal.knowledge_id}
              className="rounded-lg border border-slate-200 bg-white p-3"
              data-testid="knowledge-proposal"
              data-knowledge-id={proposal.knowledge_id}
            >
              <p className="text-sm text-slate-900">{proposal.text}</p>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => decide.mutate({ id: proposal.knowledge_id, decision: "accept" })}
                  data-testid="knowledge-accept"
                >
                  Accept
                </button>
                <button
                  type="button"
                  className={quietButtonClass}
                  onClick={() => decide.mutate({ id: proposal.knowledge_id, decision: "discard" })}
                  data-testid="knowledge-discard"
                >
                  Discard
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Try a knowledge query": what retrieval would return and why (both ranks, fused score). */
export function KnowledgeQueryBox() {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const search = useKnowledgeSearch(query);
  return (
    <section
      aria-labelledby="knowledge-query-heading"
      className="mt-6"
      data-testid="knowledge-query"
    >
      <h2 id="knowledge-query-heading" className="text-lg font-semibold text-slate-900">
        Try a knowledge query
      </h2>
      <form
        className="mt-2 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(draft.trim());
        }}
      >
        <label htmlFor="knowledge-query-input" className="sr-only">
          Knowledge query
        </label>
        <input
          id="knowledge-query-input"
          className="flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          data-testid="knowledge-query-input"
        />
        <button type="submit" className={secondaryButtonClass} data-testid="knowledge-query-submit">
          Search
        </button>
      </form>
      {search.isError ? <ErrorState title="The query failed" error={search.error} /> : null}
      {search.data ? (
        <div className="mt-2 text-sm" data-testid="knowledge-query-result">
          <p className="text-slate-600">
            {search.data.vector_backend
              ? `Vector side: ${search.data.embedding_model} (${search.data.vector_backend}); fused with full-text rank by RRF.`
              : `Full-text only: ${search.data.vector_unavailable_reason}`}
          </p>
          {search.data.hits.length === 0 ? (
            <EmptyState title="No knowledge matches" testId="knowledge-query-empty" />
          ) : (
            <table className="mt-2 w-full text-left">
              <thead>
                <tr>
                  <th>Item</th>
                  <th>Vector rank</th>
                  <th>Text rank</th>
                  <th>Score</th>
                </tr>
              </thead>
              <tbody>
                {search.data.hits.map((hit) => (
                  <tr key={hit.knowledge_id} data-testid="knowledge-hit">
                    <td className="py-1 pr-2">{hit.text}</td>
                    <td>{hit.vector_rank ?? "—"}</td>
                    <td>{hit.text_rank ?? "—"}</td>
                    <td>{hit.score.toFixed(4)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ) : null}
    </section>
  );
}
