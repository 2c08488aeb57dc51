import path from "node:path";
import { expect, it } from "vitest";
import { scanSourceFiles } from "@/lib/testing/source-imports";

// Components use hooks, never the reverse: a hook that needs a helper of a component's (a
// formatter, say) takes it from lib/ instead, so the two folders never form a cycle.
it("keeps hooks/ from importing components/", () => {
  const files = scanSourceFiles({ root: path.resolve(import.meta.dirname, "..") });
  const hooks = [...files.values()].filter((file) => file.path.startsWith("hooks/"));
  expect(hooks.length).toBeGreaterThan(20);
  const offenders = hooks.flatMap((file) =>
    file.imports
      .filter((entry) => entry.resolved?.startsWith("components/"))
      .map((entry) => `${file.path} -> ${entry.resolved}`),
  );
  expect(offenders).toEqual([]);
});
