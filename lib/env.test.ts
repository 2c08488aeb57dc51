import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, getEnv, resetEnvForTests } from "./env";

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function parse(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  return getEnv();
}

describe("getEnv", () => {
  it("defaults run cancel to off and reporting tools to on when unset", () => {
    const env = parse({
      IGRAPH_RUN_CANCEL_ENABLED: undefined,
      MCP_ENABLE_REPORTING_TOOLS: undefined,
    });
    expect(env.IGRAPH_RUN_CANCEL_ENABLED).toBe(false);
    expect(env.MCP_ENABLE_REPORTING_TOOLS).toBe(true);
    expect(env.DEFAULT_MODEL).toBe("local-rules");
  });

  it("keeps stored files in PostgreSQL by default only when DATABASE_URL is set", () => {
    const external = "postgresql://user@db.example:5432/workbench";
    expect(parse({ DATABASE_URL: undefined, BLOB_STORE: undefined }).blobStore).toBe("local");
    expect(parse({ DATABASE_URL: external, BLOB_STORE: undefined }).blobStore).toBe("postgres");
    expect(parse({ DATABASE_URL: external, BLOB_STORE: "local" }).blobStore).toBe("local");
    expect(parse({ DATABASE_URL: undefined, BLOB_STORE: "postgres" }).blobStore).toBe("postgres");
    expect(() => parse({ BLOB_STORE: "s3" })).toThrow(ConfigurationError);
  });

  it("reads boolean flags in their usual spellings", () => {
    expect(parse({ IGRAPH_RUN_CANCEL_ENABLED: "true" }).IGRAPH_RUN_CANCEL_ENABLED).toBe(true);
    expect(parse({ IGRAPH_RUN_CANCEL_ENABLED: "1" }).IGRAPH_RUN_CANCEL_ENABLED).toBe(true);
    expect(parse({ MCP_ENABLE_REPORTING_TOOLS: "false" }).MCP_ENABLE_REPORTING_TOOLS).toBe(false);
  });

  it("clamps AGENT_TOOL_MAX_CONCURRENCY to 1..32 and defaults it to 4", () => {
    expect(parse({ AGENT_TOOL_MAX_CONCURRENCY: "0" }).AGENT_TOOL_MAX_CONCURRENCY).toBe(1);
    expect(parse({ AGENT_TOOL_MAX_CONCURRENCY: "500" }).AGENT_TOOL_MAX_CONCURRENCY).toBe(32);
    expect(parse({ AGENT_TOOL_MAX_CONCURRENCY: "abc" }).AGENT_TOOL_MAX_CONCURRENCY).toBe(4);
    expect(parse({ AGENT_TOOL_MAX_CONCURRENCY: undefined }).AGENT_TOOL_MAX_CONCURRENCY).toBe(4);
  });

  it("refuses invalid values with the variable's name", () => {
    expect(() => parse({ IGRAPH_RUN_CANCEL_ENABLED: "maybe" })).toThrow(ConfigurationError);
    expect(() => parse({ UPLOAD_MAX_BYTES: "ten" })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => parse({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parse({ INTERNAL_SERVICE_KEY: "short" })).toThrow(/at least 16/);
  });

  it("treats empty strings as unset", () => {
    const env = parse({ DATABASE_URL: "", LLM_API_KEY: "  ", UPLOAD_MAX_BYTES: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LLM_API_KEY).toBeUndefined();
    expect(env.UPLOAD_MAX_BYTES).toBe(100 * 1024 * 1024);
  });

  it("bounds gzip expansion at 2 GiB by default, and takes a lower bound", () => {
    expect(parse({}).UPLOAD_MAX_UNCOMPRESSED_BYTES).toBe(2 * 1024 ** 3);
    expect(parse({ UPLOAD_MAX_UNCOMPRESSED_BYTES: "1048576" }).UPLOAD_MAX_UNCOMPRESSED_BYTES).toBe(
      1048576,
    );
    expect(() => parse({ UPLOAD_MAX_UNCOMPRESSED_BYTES: "0" })).toThrow(
      /UPLOAD_MAX_UNCOMPRESSED_BYTES/,
    );
  });
});
