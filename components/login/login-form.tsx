"use client";

import { type FormEvent, useId, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { errorFromResponse } from "@/hooks/api/error-from-response";
import { primaryButtonClass } from "../ui/button-styles";

/** Sends the access token to POST /api/login, which answers with the HttpOnly cookie. */
export function LoginForm({ next }: { next: string }) {
  const inputId = useId();
  const errorId = useId();
  const [token, setToken] = useState("");
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ token }),
      });
      if (!response.ok) {
        setError(
          describeError(
            errorFromResponse({ status: response.status, bodyText: await response.text() }),
          ),
        );
        return;
      }
      // A full navigation, so the server renders the target with the new cookie.
      window.location.assign(next);
    } catch {
      setError({ code: "NETWORK_ERROR", message: "The server could not be reached." });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-3" data-testid="login-form">
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
        Access token
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="current-password"
        value={token}
        onChange={(event) => {
          setToken(event.target.value);
          setError(null);
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        data-testid="login-token"
        className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm aria-invalid:border-red-500"
      />
      {error ? (
        <p id={errorId} role="alert" data-testid="login-error" className="text-xs text-red-700">
          {error.message} <code className="rounded bg-red-50 px-1">{error.code}</code>
        </p>
      ) : null}
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={pending || token === ""}
        data-testid="login-submit"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
