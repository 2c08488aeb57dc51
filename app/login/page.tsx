import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/login/login-form";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in" };

// The token can change between restarts; never serve a page decided at build time.
export const dynamic = "force-dynamic";

/** Asks for the access token when the server is shared (WORKBENCH_ACCESS_TOKEN set). */
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const { next } = await searchParams;
  const target = safeNextPath({ next: typeof next === "string" ? next : undefined });
  if (!getEnv().WORKBENCH_ACCESS_TOKEN) redirect(target);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Graph Workbench</h1>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          This workbench is shared. Enter its access token to continue.
        </p>
        <LoginForm next={target} />
      </div>
    </main>
  );
}

/** Only a path on this site: `//evil.example` or `https://…` would make the form an open redirect. */
function safeNextPath({ next }: { next: string | undefined }): string {
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
