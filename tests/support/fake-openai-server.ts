import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** One tool call the fake model makes; `arguments` is sent as JSON text split over chunks. */
export type FakeToolCall = {
  id?: string;
  name: string;
  arguments: Record<string, unknown> | string;
};

/** One scripted model turn: text, tool calls (several = parallel), or an HTTP error. */
export type FakeTurn = {
  /** The answer text; an array is streamed piece by piece in that order. */
  text?: string | string[];
  toolCalls?: FakeToolCall[];
  /** Defaults to "tool_calls" when the turn has tool calls, else "stop". */
  finishReason?: "stop" | "tool_calls" | "length" | "content_filter";
  /** Defaults to a size estimate of the request and the answer. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Characters of tool-call arguments per streamed chunk (default 8). */
  argumentChunkSize?: number;
  /** Answer with this HTTP error instead of a completion. */
  error?: { status: number; message: string; code?: string };
  /** Wait this long before answering (a slow or hanging model). */
  delayMs?: number;
  /**
   * Streamed answers only: after the text pieces, send nothing more and keep the response open
   * until the client goes away (a model cut off mid-answer, e.g. its caller's process killed).
   */
  stallAfterText?: boolean;
};

/** The body the client sent (the parts tests assert on; the rest is kept as sent). */
export type ChatCompletionRequestBody = {
  model?: string;
  messages?: Array<Record<string, unknown>>;
  tools?: Array<Record<string, unknown>>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [field: string]: unknown;
};

/** Every request the server saw, rejected ones included. */
export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: ChatCompletionRequestBody;
};

export type FakeOpenAIServer = {
  /** Base URL to configure a provider with, ending in `/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Adds turns to the script (answered first in, first out). */
  enqueue: (...turns: FakeTurn[]) => void;
  close: () => Promise<void>;
};

type Options = {
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  turns?: FakeTurn[];
  /** Answers every request when given (the queue is then ignored). */
  respond?: (body: ChatCompletionRequestBody) => FakeTurn;
  /** Pause between streamed chunks, so tests can observe deltas arriving over time. */
  chunkDelayMs?: number;
  /**
   * When set, `POST /v1/embeddings` answers with vectors of this length; without it that route
   * is a 404 like any other unknown one (a chat-only service: learned knowledge stays off).
   */
  embeddingDimensions?: number;
};

/**
 * A real loopback HTTP server that speaks OpenAI Chat Completions (`POST /v1/chat/completions`,
 * JSON or SSE) and, when asked to, Embeddings (`POST /v1/embeddings`), so provider tests go
 * through the AI SDK's and the embedder's real HTTP and parsing code.
 */
export async function startFakeOpenAIServer(options: Options = {}): Promise<FakeOpenAIServer> {
  const queue = [...(options.turns ?? [])];
  const requests: RecordedRequest[] = [];
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: incoming.method ?? "GET",
      path: (incoming.url ?? "/").split("?")[0],
      headers: flattenHeaders(incoming.headers),
      body: parseBody(Buffer.concat(chunks).toString("utf8")),
    };
    requests.push(recorded);
    if (
      options.apiKey !== undefined &&
      recorded.headers.authorization !== `Bearer ${options.apiKey}`
    ) {
      sendError(outgoing, {
        status: 401,
        message: "Incorrect API key provided.",
        code: "invalid_api_key",
      });
      return;
    }
    if (
      options.embeddingDimensions !== undefined &&
      recorded.method === "POST" &&
      recorded.path === "/v1/embeddings"
    ) {
      sendEmbeddings(outgoing, recorded.body, options.embeddingDimensions);
      return;
    }
    if (recorded.method !== "POST" || recorded.path !== "/v1/chat/completions") {
      sendError(outgoing, {
        status: 404,
        message: `No route ${recorded.method} ${recorded.path}.`,
      });
      return;
    }
    let turn: FakeTurn | undefined;
    try {
      turn = options.respond ? options.respond(recorded.body) : queue.shift();
    } catch (error) {
      sendError(outgoing, { status: 500, message: `fake server: respond threw: ${String(error)}` });
      return;
    }
    if (!turn) {
      sendError(outgoing, { status: 500, message: "fake server: no scripted turn left" });
      return;
    }
    if (turn.delayMs) await sleep(turn.delayMs);
    if (turn.error) {
      sendError(outgoing, turn.error);
      return;
    }
    const completion = buildCompletion(turn, recorded.body);
    if (recorded.body.stream) {
      await streamCompletion({
        outgoing,
        completion,
        body: recorded.body,
        delayMs: options.chunkDelayMs ?? 0,
      });
    } else {
      outgoing.writeHead(200, { "content-type": "application/json" });
      outgoing.end(JSON.stringify(completionJson(completion)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...turns) => queue.push(...turns),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Completion = {
  id: string;
  model: string;
  created: number;
  textPieces: string[];
  toolCalls: Array<{ id: string; name: string; argumentPieces: string[] }>;
  finishReason: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  stallAfterText: boolean;
};

let completionCounter = 0;

function buildCompletion(turn: FakeTurn, body: ChatCompletionRequestBody): Completion {
  completionCounter += 1;
  const textPieces =
    turn.text === undefined ? [] : Array.isArray(turn.text) ? turn.text : [turn.text];
  const toolCalls = (turn.toolCalls ?? []).map((call, index) => {
    const text =
      typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
    return {
      id: call.id ?? `call_${completionCounter}_${index}`,
      name: call.name,
      argumentPieces: splitText(text, turn.argumentChunkSize ?? 8),
    };
  });
  const answerLength =
    textPieces.join("").length +
    toolCalls.reduce((sum, call) => sum + call.argumentPieces.join("").length, 0);
  const usage = turn.usage ?? {
    prompt_tokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4),
    completion_tokens: Math.max(1, Math.ceil(answerLength / 4)),
  };
  return {
    id: `chatcmpl-fake-${completionCounter}`,
    model: body.model ?? "fake-model",
    created: Math.floor(Date.now() / 1000),
    textPieces,
    toolCalls,
    finishReason: turn.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    stallAfterText: turn.stallAfterText === true,
  };
}

function completionJson(completion: Completion) {
  const toolCalls = completion.toolCalls.map((call) => ({
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: call.argumentPieces.join("") },
  }));
  return {
    id: completion.id,
    object: "chat.completion",
    created: completion.created,
    model: completion.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: completion.textPieces.length > 0 ? completion.textPieces.join("") : null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: completion.finishReason,
      },
    ],
    usage: completion.usage,
  };
}

/** The chunk sequence of a streamed completion, as OpenAI sends it. */
function streamChunks(completion: Completion, includeUsage: boolean): unknown[] {
  const chunk = (choice: Record<string, unknown> | null, extra: Record<string, unknown> = {}) => ({
    id: completion.id,
    object: "chat.completion.chunk",
    created: completion.created,
    model: completion.model,
    choices: choice ? [{ index: 0, finish_reason: null, ...choice }] : [],
    ...extra,
  });
  const chunks: unknown[] = [chunk({ delta: { role: "assistant", content: "" } })];
  for (const piece of completion.textPieces) chunks.push(chunk({ delta: { content: piece } }));
  completion.toolCalls.forEach((call, index) => {
    // The first delta of a call names it; its arguments follow in later deltas of the same index.
    const opening = {
      index,
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: "" },
    };
    chunks.push(chunk({ delta: { tool_calls: [opening] } }));
    for (const piece of call.argumentPieces) {
      chunks.push(chunk({ delta: { tool_calls: [{ index, function: { arguments: piece } }] } }));
    }
  });
  chunks.push(chunk({ delta: {}, finish_reason: completion.finishReason }));
  // With stream_options.include_usage OpenAI ends with a chunk of empty choices and the usage.
  if (includeUsage) chunks.push(chunk(null, { usage: completion.usage }));
  return chunks;
}

async function streamCompletion(input: {
  outgoing: http.ServerResponse;
  completion: Completion;
  body: ChatCompletionRequestBody;
  delayMs: number;
}): Promise<void> {
  const { outgoing } = input;
  outgoing.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const includeUsage = input.body.stream_options?.include_usage === true;
  // The role chunk, then one chunk per text piece.
  const lastTextChunk = input.completion.textPieces.length;
  for (const [index, chunk] of streamChunks(input.completion, includeUsage).entries()) {
    // A client that aborted (run cancelled) gets nothing more.
    if (outgoing.destroyed) return;
    outgoing.write(`data: ${JSON.stringify(chunk)}\n\n`);
    if (input.delayMs > 0) await sleep(input.delayMs);
    if (input.completion.stallAfterText && index === lastTextChunk) {
      await new Promise((resolve) => outgoing.once("close", resolve));
      return;
    }
  }
  outgoing.end("data: [DONE]\n\n");
}

/**
 * The Embeddings answer: one vector per input, each word hashed into a bucket, so texts that
 * share words are near each other and the same text always gets the same vector.
 */
function sendEmbeddings(
  outgoing: http.ServerResponse,
  body: ChatCompletionRequestBody,
  dimensions: number,
) {
  const input = body.input;
  const texts = Array.isArray(input) ? input.map(String) : [String(input ?? "")];
  const data = texts.map((text, index) => {
    const vector = new Array<number>(dimensions).fill(0);
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
      let hash = 2166136261;
      for (const char of word) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
      vector[(hash >>> 0) % dimensions] += 1;
    }
    // An input with no word still gets a usable (non-zero) vector.
    if (!vector.some((value) => value !== 0)) vector[0] = 1;
    return { object: "embedding", index, embedding: vector };
  });
  const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  outgoing.writeHead(200, { "content-type": "application/json" });
  outgoing.end(
    JSON.stringify({
      object: "list",
      data,
      model: body.model ?? "fake-embedding",
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}

function sendError(
  outgoing: http.ServerResponse,
  error: { status: number; message: string; code?: string },
) {
  outgoing.writeHead(error.status, { "content-type": "application/json" });
  outgoing.end(
    JSON.stringify({
      error: {
        message: error.message,
        type: "invalid_request_error",
        param: null,
        code: error.code ?? null,
      },
    }),
  );
}

function splitText(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += Math.max(1, size)) {
    pieces.push(text.slice(start, start + Math.max(1, size)));
  }
  return pieces;
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function parseBody(text: string): ChatCompletionRequestBody {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as ChatCompletionRequestBody;
  } catch {
    return { unparsed: text };
  }
}
