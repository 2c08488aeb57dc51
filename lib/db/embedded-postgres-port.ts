import "server-only";
import { readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import {
  EmbeddedPostgresStartError,
  useExternalDatabaseHint,
} from "./embedded-postgres-start-error";

type RememberedPort = { configured: number; port: number };

// Near the configured port first (easy to recognise), then whatever the kernel hands out.
const nearbyAttempts = 20;

/**
 * The port this data directory's server should use: the one remembered from an earlier start
 * (when it was picked for the same configured port), else the configured one, else a free one
 * nearby. `avoid` lists ports that just failed to bind.
 */
export async function choosePort(input: {
  stateDirectory: string;
  configuredPort: number;
  avoid?: number[];
}): Promise<number> {
  const avoid = new Set(input.avoid ?? []);
  const remembered = await readRememberedPort(input.stateDirectory);
  const preferred =
    remembered?.configured === input.configuredPort ? remembered.port : input.configuredPort;
  const candidates = [preferred, input.configuredPort];
  for (let offset = 1; offset <= nearbyAttempts; offset++) {
    candidates.push(input.configuredPort + offset);
  }
  for (const port of candidates) {
    if (port > 65_535 || avoid.has(port)) continue;
    if (await isPortFree(port)) return port;
  }
  const anyPort = await kernelChosenPort();
  if (anyPort !== undefined && !avoid.has(anyPort)) return anyPort;
  throw new EmbeddedPostgresStartError({
    kind: "port-taken",
    message: `port ${input.configuredPort} and every port tried after it are taken: set EMBEDDED_POSTGRES_PORT to a free port, ${useExternalDatabaseHint}`,
  });
}

/** Saves the port a server actually started on, so the next start of this checkout reuses it. */
export async function rememberPort(input: {
  stateDirectory: string;
  configuredPort: number;
  port: number;
}): Promise<void> {
  const file = path.join(input.stateDirectory, "port.json");
  const content: RememberedPort = { configured: input.configuredPort, port: input.port };
  await writeFile(file, `${JSON.stringify(content)}\n`);
}

async function readRememberedPort(stateDirectory: string): Promise<RememberedPort | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(stateDirectory, "port.json"), "utf8"));
    if (Number.isInteger(parsed?.port) && Number.isInteger(parsed?.configured)) return parsed;
  } catch {
    // missing or unreadable: fall back to the configured port
  }
  return undefined;
}

/** Binds the address postgres will listen on; a refusal means someone else holds the port. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ host: "127.0.0.1", port, exclusive: true }, () => {
      probe.close(() => resolve(true));
    });
  });
}

function kernelChosenPort(): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(undefined));
    probe.listen({ host: "127.0.0.1", port: 0, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : undefined));
    });
  });
}
