"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { z } from "zod";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { fetchJson } from "@/hooks/api/fetch-json";
import { queryKeys } from "@/hooks/query-keys";
import { primaryButtonClass, secondaryButtonClass } from "../ui/button-styles";

const testedSchema = z.object({ url: z.string(), schema: z.string(), tables: z.array(z.string()) });
const addedSchema = z.object({ dataset_id: z.string(), name: z.string() });

type Outcome =
  | { kind: "idle" }
  | { kind: "working"; what: "test" | "connect" }
  | { kind: "tested"; tables: string[]; schema: string }
  | { kind: "added"; name: string }
  | { kind: "failed"; message: string };

function describeError(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : "The request failed.";
}

/**
 * "Connect a database" beside Upload: a live PostgreSQL database as a dataset. "Test connection"
 * tries it without adding anything and lists the tables a build would read; "Connect" adds it.
 * The password travels in the URL and is never shown back (the server stores it encrypted).
 */
export function ConnectDatabaseForm({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [schema, setSchema] = useState("public");
  const [tables, setTables] = useState("");
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const id = useId();

  function body() {
    const named = tables
      .split(",")
      .map((table) => table.trim())
      .filter(Boolean);
    return JSON.stringify({
      source: {
        kind: "postgres",
        url: url.trim(),
        schema: schema.trim() || "public",
        ...(named.length > 0 ? { tables: named } : {}),
      },
    });
  }

  async function send(what: "test" | "connect") {
    setOutcome({ kind: "working", what });
    const base = `/api/projects/${projectId}/datasets`;
    const init = {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: body(),
    };
    try {
      if (what === "test") {
        const tested = await fetchJson({ url: `${base}/test-source`, schema: testedSchema, init });
        setOutcome({ kind: "tested", tables: tested.tables, schema: tested.schema });
      } else {
        const added = await fetchJson({ url: base, schema: addedSchema, init });
        setOutcome({ kind: "added", name: added.name });
        setUrl("");
        await queryClient.invalidateQueries({ queryKey: queryKeys.datasets(projectId) });
      }
    } catch (error) {
      setOutcome({ kind: "failed", message: describeError(error) });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send("connect");
  }

  const busy = outcome.kind === "working";
  return (
    <details className="mt-4 rounded-md border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">
        Connect a database
      </summary>
      <form className="mt-3 grid gap-3" onSubmit={onSubmit} aria-describedby={`${id}-status`}>
        <label className="grid gap-1 text-sm" htmlFor={`${id}-url`}>
          PostgreSQL URL
          <input
            id={`${id}-url`}
            className="rounded-md border border-slate-300 px-2 py-1 font-mono text-sm"
            type="password"
            autoComplete="off"
            required
            placeholder="postgres://user:password@host:5432/database"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm" htmlFor={`${id}-schema`}>
            Schema
            <input
              id={`${id}-schema`}
              className="rounded-md border border-slate-300 px-2 py-1 text-sm"
              value={schema}
              onChange={(event) => setSchema(event.target.value)}
            />
          </label>
          <label className="grid gap-1 text-sm" htmlFor={`${id}-tables`}>
            Tables (optional, comma-separated)
            <input
              id={`${id}-tables`}
              className="rounded-md border border-slate-300 px-2 py-1 text-sm"
              value={tables}
              onChange={(event) => setTables(event.target.value)}
            />
          </label>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy || url.trim() === ""}
            onClick={() => void send("test")}
          >
            {outcome.kind === "working" && outcome.what === "test" ? "Testing…" : "Test connection"}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={busy || url.trim() === ""}>
            {outcome.kind === "working" && outcome.what === "connect" ? "Connecting…" : "Connect"}
          </button>
        </div>
        <p id={`${id}-status`} role="status" className="text-sm text-slate-700">
          {outcome.kind === "tested" &&
            (outcome.tables.length > 0
              ? `Connected. A build would read ${outcome.tables.length} table${outcome.tables.length === 1 ? "" : "s"} of "${outcome.schema}": ${outcome.tables.join(", ")}.`
              : `Connected, but "${outcome.schema}" has no tables to read.`)}
          {outcome.kind === "added" && `Added "${outcome.name}". Build it to read its tables.`}
          {outcome.kind === "failed" && <span className="text-red-700">{outcome.message}</span>}
        </p>
      </form>
    </details>
  );
}
