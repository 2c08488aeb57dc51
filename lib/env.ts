import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** Parses "true"/"false"/"1"/"0"/"yes"/"no"; anything else is a configuration error. */
const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? fallback : ["true", "1", "yes"].includes(value),
    );

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(z.url().optional());

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed)) {
        context.addIssue({ code: "custom", message: `expected an integer, got "${value}"` });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(z.number().int().min(min).max(max));

/** A comma-separated list; blanks dropped, each entry checked by `item`. */
const commaList = <Item extends z.ZodType<string, string>>(item: Item) =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
    )
    .pipe(z.array(item));

/** OTLP over HTTP, in protobuf or JSON; blank means unset (the other variable or the default). */
const otlpProtocol = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(
    z
      .enum(["http/protobuf", "http/json"], {
        error: "expected http/protobuf or http/json (gRPC is not supported)",
      })
      .optional(),
  );

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: integer(3000, 1, 65535),
  /** Interface `npm run dev` / `npm start` listen on; beyond loopback needs an access token (SEC-1). */
  HOST: z
    .string()
    .optional()
    .transform((value) => value?.trim() || "127.0.0.1"),
  WORKBENCH_ACCESS_TOKEN: optionalText.pipe(
    z.string().min(16, "WORKBENCH_ACCESS_TOKEN must be at least 16 characters").optional(),
  ),
  /** Extra origins allowed to change state (a reverse proxy's public URL), e.g. https://wb.example. */
  ALLOWED_ORIGINS: commaList(
    z
      .string()
      .refine(
        (entry) => URL.canParse(entry) && new URL(entry).origin === entry.replace(/\/$/, ""),
        "each ALLOWED_ORIGINS entry must be an origin like https://host[:port], without a path",
      )
      .transform((entry) => new URL(entry).origin),
  ),
  /** Extra Host header names accepted besides loopback (DNS-rebinding guard), e.g. wb.example. */
  ALLOWED_HOSTS: commaList(
    z
      .string()
      .regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i, "each ALLOWED_HOSTS entry must be a host name")
      .transform((entry) => entry.toLowerCase()),
  ),
  /** Where uploads, the embedded database and generated secrets live. */
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optionalUrl,
  /**
   * Where uploads, skills, model files and published workspace files are kept (docs/storage.md):
   * `local` under DATA_DIR, `postgres` in the database. Unset: `postgres` when DATABASE_URL is
   * set (an external database other instances and workers share), `local` otherwise.
   */
  BLOB_STORE: z
    .enum(["local", "postgres", ""])
    .optional()
    .transform((value) => (value ? value : undefined)),
  TEST_DATABASE_URL: optionalUrl,
  EMBEDDED_POSTGRES_PORT: integer(54329, 1024, 65535),
  INTERNAL_SERVICE_KEY: optionalText.pipe(
    z.string().min(16, "INTERNAL_SERVICE_KEY must be at least 16 characters").optional(),
  ),
  IGRAPH_RUN_CANCEL_ENABLED: booleanFlag(false),
  IGRAPH_EDIT_LATEST_TURN_ENABLED: booleanFlag(true),
  DEFAULT_MODEL: z.string().default("local-rules"),
  LLM_PROVIDER: z.string().default("openai-compatible"),
  LLM_PROTOCOL: z
    .enum(["openai_chat", "openai_responses", "openai_compatible"])
    .default("openai_chat"),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  QWEN_API_KEY: optionalText,
  QWEN_BASE_URL: optionalUrl,
  EMBEDDING_API_KEY: optionalText,
  EMBEDDING_BASE_URL: optionalUrl,
  EMBEDDING_MODEL: optionalText,
  EMBEDDING_DIMENSIONS: integer(1536, 1, 16000),
  /**
   * `service`: the OpenAI-compatible endpoint resolved from EMBEDDING_* / OPENAI_* / LLM_* /
   * QWEN_* (MEM-2); `local`: the offline sentence encoder shipped in an npm package; `off`.
   */
  EMBEDDING_PROVIDER: z.enum(["service", "local", "off"]).default("service"),
  /** Records each memory store keeps per user before the least used, oldest one is evicted. */
  MEMORY_STORE_MAX_RECORDS: integer(200, 1, 100_000),
  /** Tokens (estimated) the profile, memories, session context and knowledge may fill in a prompt. */
  MEMORY_PROMPT_TOKEN_BUDGET: integer(800, 50, 32_000),
  /** `propose`: distilled knowledge waits for a person; `auto`: saved at once; `off`: none. */
  KNOWLEDGE_LEARNING_MODE: z.enum(["propose", "auto", "off"]).default("propose"),
  /** Whether a run on an LLM also asks that model to extract memories (structured output). */
  MEMORY_LLM_EXTRACTION: booleanFlag(true),
  AGENT_TOOL_MAX_CONCURRENCY: z
    .string()
    .optional()
    .transform((value) => {
      const parsed = Number.parseInt(value ?? "", 10);
      // DAG-1: clamp rather than refuse, so a typo never disables tools.
      return Number.isFinite(parsed) ? Math.min(32, Math.max(1, parsed)) : 4;
    }),
  MCP_ENABLE_REPORTING_TOOLS: booleanFlag(true),
  GRAPH_ENGINE_URL: optionalUrl,
  /**
   * Worker threads that run the heavy graph kernels (Louvain, centralities) off the thread that
   * serves HTTP; default one per core but one, at least one. 0 runs every kernel inline.
   */
  ENGINE_KERNEL_THREADS: integer(Math.max(1, os.availableParallelism() - 1), 0, 256),
  /**
   * Memory the engine may keep session graphs in (estimated from their arrays); beyond it the
   * least recently used sessions are dropped and reloaded from PostgreSQL on their next call.
   */
  ENGINE_MEMORY_BUDGET_MB: integer(1024, 16, 1024 * 1024),
  UPLOAD_MAX_BYTES: integer(100 * 1024 * 1024, 1, 2 ** 31 - 1),
  /**
   * Bytes a gzip-compressed upload may expand to (UPLOAD_MAX_BYTES counts the compressed
   * bytes): a gzip bomb is refused with 413 while it inflates, before it fills the disk.
   */
  UPLOAD_MAX_UNCOMPRESSED_BYTES: integer(2 * 1024 * 1024 * 1024, 1, 2 ** 40),
  /**
   * Skill uploads (.md / .zip, SK-5). Capped below 10 MiB on purpose: the skills upload route
   * passes through proxy.ts, which buffers a body and cuts it at 10 MB (multipart overhead fits
   * in the rest), so the route needs no proxy exclusion.
   */
  SKILL_UPLOAD_MAX_BYTES: integer(2 * 1024 * 1024, 1, 10 * 1024 * 1024 - 64 * 1024),
  /** Files one skill archive may hold (directories included): more is refused unread. */
  SKILL_ARCHIVE_MAX_FILES: integer(200, 1, 10_000),
  /** Uncompressed bytes one skill archive may inflate to (zip bombs are refused). */
  SKILL_ARCHIVE_MAX_UNCOMPRESSED_BYTES: integer(20 * 1024 * 1024, 1, 1024 * 1024 * 1024),
  RUN_EVENT_BUFFER_MAX_EVENTS: integer(20_000, 100, 10_000_000),
  RUN_EVENT_BUFFER_MAX_AGE_SECONDS: integer(24 * 3600, 60, 30 * 24 * 3600),
  /** A run whose heartbeat (every 20 s) is older than this counts as abandoned (PS-4). */
  RUN_HEARTBEAT_STALE_SECONDS: integer(60, 40, 24 * 3600),
  /** How often each app process looks for abandoned runs. */
  RUN_SWEEP_INTERVAL_SECONDS: integer(15, 1, 3600),
  /**
   * How long a stopped run waits for its jobs to exit before it saves its final state anyway.
   * The stop stays `stopping` until the last of them exited, however long that takes (RC-6);
   * this only bounds how long the answer so far waits unsaved.
   */
  RUN_STOP_JOBS_WAIT_SECONDS: integer(10, 0, 3600),
  /** A run's default budget: tool calls it may run, wall seconds (approval pauses excluded). */
  RUN_MAX_TOOL_CALLS: integer(50, 1, 1000),
  RUN_MAX_SECONDS: integer(900, 1, 86_400),
  /** Input + output tokens over a run's model calls; unset means no token limit. */
  RUN_MAX_TOKENS: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value.trim()) : undefined))
    .pipe(z.number().int().min(1).max(1_000_000_000).optional()),
  /** The app process also works jobs, so one command runs everything; `npm run worker` adds more. */
  JOBS_WORKER_IN_APP: booleanFlag(true),
  /** Jobs one worker process runs at once (in-app worker and `npm run worker` alike). */
  JOBS_CONCURRENCY: integer(2, 1, 64),
  /**
   * Running jobs' heartbeats are refreshed every quarter of this. Informational: a job is lost
   * only when its worker is proven gone, never for a late heartbeat (docs/jobs.md).
   */
  JOBS_HEARTBEAT_STALE_SECONDS: integer(60, 4, 24 * 3600),
  /** How often each worker process looks for jobs of dead workers and re-sends undelivered ones. */
  JOBS_SWEEP_INTERVAL_SECONDS: integer(15, 1, 3600),
  /**
   * construct_graph (MCP and POST …/construct) runs as a job from this many upload bytes (edge
   * file plus node table): 8 MiB parses in about a second, so smaller builds answer at once.
   */
  CONSTRUCT_ASYNC_MIN_BYTES: integer(8 * 1024 * 1024, 0, 2 ** 31 - 1),
  /**
   * OpenTelemetry traces (docs/observability.md): with an OTLP/HTTP collector's base URL here
   * (`/v1/traces` is appended), every run exports spans; unset, no tracer is even registered.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** The traces endpoint itself (used as given), when it is not `<base>/v1/traces`. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
  /** `http/protobuf` (default) or `http/json`; gRPC is not offered. */
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
  /** Overrides OTEL_EXPORTER_OTLP_PROTOCOL for traces. */
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
  /** `service.name` of the exported spans (the job worker adds `workbench.process=worker`). */
  OTEL_SERVICE_NAME: z
    .string()
    .optional()
    .transform((value) => value?.trim() || "graph-workbench"),
  /** The OpenTelemetry switch: true exports nothing even with an endpoint set. */
  OTEL_SDK_DISABLED: booleanFlag(false),
});

export type Environment = z.infer<typeof environmentSchema> & {
  /** DATA_DIR resolved against the working directory. */
  dataDirectory: string;
  /** BLOB_STORE, its default applied. */
  blobStore: "local" | "postgres";
};

let cached: Environment | undefined;

/** Configuration error: the process must not start with it. */
export class ConfigurationError extends Error {
  readonly code = "CONFIGURATION_ERROR";
}

/** Reads and validates every environment variable once; later calls return the same object. */
export function getEnv(): Environment {
  if (cached) return cached;
  const parsed = environmentSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new ConfigurationError(`Invalid environment: ${problems}`);
  }
  cached = {
    ...parsed.data,
    dataDirectory: path.resolve(parsed.data.DATA_DIR),
    blobStore: parsed.data.BLOB_STORE ?? (parsed.data.DATABASE_URL ? "postgres" : "local"),
  };
  return cached;
}

/** Forgets the parsed environment (tests change process.env between cases). */
export function resetEnvForTests(): void {
  cached = undefined;
}
