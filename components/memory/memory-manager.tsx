"use client";

import { useState } from "react";
import { PageHeader } from "@/components/ui/page-header";
import type { MemoryStore } from "@/lib/contracts/memory";
import { KnowledgeProposals, KnowledgeQueryBox } from "./knowledge-panels";
import { MemoryRecordList } from "./memory-record-list";
import { memoryStoreTabs } from "./memory-store-tabs";
import { ProfileEditor } from "./profile-editor";

/** The memory manager (MEM-5, UI-4): a tab per store, search, source links, delete with undo. */
export function MemoryManager() {
  const [store, setStore] = useState<MemoryStore>("profile");
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const active = memoryStoreTabs.find((tab) => tab.store === store) ?? memoryStoreTabs[0];
  const selectByKey = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = memoryStoreTabs[(index + step + memoryStoreTabs.length) % memoryStoreTabs.length];
    setStore(next.store);
    document.getElementById(`memory-tab-${next.store}`)?.focus();
  };
  return (
    <div>
      <PageHeader
        title="Memory"
        description="What the agent remembers about you and your work — record management, not the vector search."
      />
      <div
        role="tablist"
        aria-label="Memory stores"
        className="mb-4 flex flex-wrap gap-1 border-b border-slate-200"
      >
        {memoryStoreTabs.map((tab, index) => (
          <button
            key={tab.store}
            id={`memory-tab-${tab.store}`}
            type="button"
            role="tab"
            aria-selected={tab.store === store}
            aria-controls="memory-panel"
            tabIndex={tab.store === store ? 0 : -1}
            className={`rounded-t-md px-3 py-1.5 text-sm ${tab.store === store ? "border-b-2 border-blue-600 font-medium text-blue-700" : "text-slate-600 hover:text-slate-900"}`}
            onClick={() => setStore(tab.store)}
            onKeyDown={(event) => selectByKey(event, index)}
            data-testid={`memory-tab-${tab.store}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="memory-panel" role="tabpanel" aria-labelledby={`memory-tab-${store}`}>
        <p className="mb-3 text-sm text-slate-600">{active.hint}</p>
        <form
          className="mb-3 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(draft.trim());
          }}
        >
          <label htmlFor="memory-search" className="sr-only">
            Search {active.label}
          </label>
          <input
            id="memory-search"
            type="search"
            placeholder={`Search ${active.label.toLowerCase()}`}
            className="flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            data-testid="memory-search"
          />
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-3 py-1 text-sm"
            data-testid="memory-search-submit"
          >
            Search
          </button>
        </form>
        {store === "profile" ? (
          <div className="mb-3">
            <ProfileEditor />
          </div>
        ) : null}
        <MemoryRecordList store={store} q={q} />
        {store === "knowledge" ? (
          <>
            <KnowledgeProposals />
            <KnowledgeQueryBox />
          </>
        ) : null}
      </div>
    </div>
  );
}
