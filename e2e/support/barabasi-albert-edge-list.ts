/** A small seeded generator (mulberry32): the same graph on every run, no dependency. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A Barabási–Albert-like graph as a whitespace edge list (`u v` per line): each new node links
 * to `edgesPerNode` distinct earlier nodes picked in proportion to their degree (the classic
 * "repeated endpoints" list), starting from a small clique. Connected, hub-heavy, no
 * self-loops or duplicate edges — an honest, slow input for exact betweenness.
 */
export function barabasiAlbertEdgeList({
  nodeCount,
  edgesPerNode,
  seed = 7,
}: {
  nodeCount: number;
  edgesPerNode: number;
  seed?: number;
}): string {
  const random = seededRandom(seed);
  // Every edge puts both endpoints here once, so a uniform pick is a degree-weighted pick.
  const endpoints: number[] = [];
  const lines: string[] = [];
  const seedNodes = edgesPerNode + 1;
  for (let left = 0; left < seedNodes; left++) {
    for (let right = left + 1; right < seedNodes; right++) {
      lines.push(`${left} ${right}`);
      endpoints.push(left, right);
    }
  }
  for (let node = seedNodes; node < nodeCount; node++) {
    const targets = new Set<number>();
    while (targets.size < edgesPerNode) {
      targets.add(endpoints[Math.floor(random() * endpoints.length)]);
    }
    for (const target of targets) {
      lines.push(`${node} ${target}`);
      endpoints.push(node, target);
    }
  }
  return `${lines.join("\n")}\n`;
}
