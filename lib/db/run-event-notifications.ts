import "server-only";
import pg from "pg";
import { processRegistry } from "@/lib/process/process-registry";
import { getDatabaseConnection } from "./database-connection";

/** The channel every run's event writes are announced on; the payload is `<run id>:<last seq>`. */
export const runEventsChannel = "run_events";

// Reconnect delays after the listening connection drops: quick at first (a blip), then steady.
const reconnectDelaysMs = [250, 500, 1000, 2000, 5000];

type Listener = (lastSeq: number | null) => void;

type Registry = {
  listeners?: Map<string, Set<Listener>>;
  client?: pg.Client;
  connecting?: Promise<void>;
  attempt?: number;
};

// On globalThis so `next dev` module reloads never open a second listening connection.
const registry = processRegistry<Registry>("__workbenchRunEventNotifications");

/**
 * Calls `listener` whenever events of `runId` were written by any process (with the newest
 * seq written), and with null after the shared connection came back from a drop (a notification
 * may have been missed: read again). One LISTEN connection per process serves every run; it is
 * opened with the first subscriber and closed with the last. Returns the unsubscribe function.
 * Notifications only say "read now": readers also poll, so a lost one delays, never loses.
 */
export function onRunEventsWritten(runId: string, listener: Listener): () => void {
  registry.listeners ??= new Map();
  let set = registry.listeners.get(runId);
  if (!set) {
    set = new Set();
    registry.listeners.set(runId, set);
  }
  set.add(listener);
  // A failed connect is retried by reconnectLater; meanwhile readers poll.
  ensureConnected().catch(() => {});
  return () => {
    const current = registry.listeners?.get(runId);
    current?.delete(listener);
    if (current && current.size === 0) registry.listeners?.delete(runId);
    if (registry.listeners?.size === 0) void closeListeningConnection();
  };
}

/** Resolves once the shared connection listens (tests wait for it before writing). */
export async function runEventNotificationsReady(): Promise<void> {
  await ensureConnected();
}

function ensureConnected(): Promise<void> {
  if (registry.client) return Promise.resolve();
  registry.connecting ??= connect().finally(() => {
    registry.connecting = undefined;
  });
  return registry.connecting;
}

async function connect(): Promise<void> {
  const { connectionString } = await getDatabaseConnection();
  const client = new pg.Client({ connectionString, keepAlive: true });
  client.on("notification", (message) => {
    if (message.channel !== runEventsChannel || !message.payload) return;
    const separator = message.payload.lastIndexOf(":");
    const runId = message.payload.slice(0, separator);
    const lastSeq = Number(message.payload.slice(separator + 1));
    for (const listener of registry.listeners?.get(runId) ?? []) {
      listener(Number.isInteger(lastSeq) ? lastSeq : null);
    }
  });
  // A dropped connection is opened again while someone listens; its readers re-read at once.
  const dropped = () => {
    if (registry.client !== client) return;
    registry.client = undefined;
    void client.end().catch(() => {});
    void reconnectLater();
  };
  client.on("error", dropped);
  client.on("end", dropped);
  try {
    await client.connect();
    await client.query(`LISTEN ${runEventsChannel}`);
  } catch (error) {
    await client.end().catch(() => {});
    void reconnectLater();
    throw error;
  }
  if (!registry.listeners || registry.listeners.size === 0) {
    // Everyone left while it connected.
    await client.end().catch(() => {});
    return;
  }
  registry.client = client;
  const wasReconnect = (registry.attempt ?? 0) > 0;
  registry.attempt = 0;
  if (wasReconnect) {
    for (const set of registry.listeners.values()) for (const listener of set) listener(null);
  }
}

async function reconnectLater(): Promise<void> {
  if (!registry.listeners || registry.listeners.size === 0) return;
  const attempt = registry.attempt ?? 0;
  registry.attempt = attempt + 1;
  const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] as number;
  await new Promise((resolve) => setTimeout(resolve, delay).unref?.());
  if (registry.client || registry.connecting) return;
  await ensureConnected().catch(() => {});
}

async function closeListeningConnection(): Promise<void> {
  const client = registry.client;
  registry.client = undefined;
  registry.attempt = 0;
  await client?.end().catch(() => {});
}
