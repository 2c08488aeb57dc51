import "server-only";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";

/** The `SchemaEngine` class of `@prisma/schema-engine-wasm`, usable once instantiated. */
export type SchemaEngineClass = typeof SchemaEngine;

let loading: Promise<SchemaEngineClass> | undefined;

/**
 * Instantiates Prisma's schema engine WebAssembly module once per process and returns its class.
 */
export function loadSchemaEngineWasm(): Promise<SchemaEngineClass> {
  loading ??= instantiate().catch((error: unknown) => {
    // Let a later call retry instead of caching the failure forever.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Receives the engine's Rust panic messages; the glue code looks this global up by name. */
const panicRegistry = {
  set_message(message: string) {
    // A panic surfaces as a bare "RuntimeError: unreachable" thrown outside any promise we
    // hold, so this is the only place its reason can be shown.
    console.error(`Prisma schema engine panicked: ${message}`);
  },
};

declare global {
  // Without it a panic dies on "Cannot read properties of undefined (reading 'set_message')".
  var PRISMA_WASM_PANIC_REGISTRY: typeof panicRegistry | undefined;
}

async function instantiate(): Promise<SchemaEngineClass> {
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= panicRegistry;
  // The package's entry point does `import * as wasm from "./schema_engine_bg.wasm"`, which Node
  // only supports behind --experimental-wasm-modules. So we do what that import would do: feed
  // the glue module's exports to the .wasm as its imports, then hand the instance back to it.
  const require = createRequire(import.meta.url);
  // The package does not export the .wasm path; it sits next to the glue module, which it does.
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmPath = gluePath.replace(/\.js$/, ".wasm");
  const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
    "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bindings.SchemaEngine;
}
