"""python-igraph on the steps `npm run bench` compares against: load, PageRank, components.

Usage: /usr/bin/python3 bench/igraph-bench.py EDGES [--weighted]
EDGES must have no comment lines (igraph's Read_Ncol has no comment syntax; the engine bench
writes a stripped copy). Prints one JSON object: the igraph version and seconds per step —
load once (Read_Ncol, names on, as a caller with arbitrary ids would), PageRank and components
as the fastest of three runs, so the ratios never flatter us.
"""

import json
import sys
import time

import igraph


def timed(step, runs):
    best = None
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = step()
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return best, result


def main() -> None:
    edges = sys.argv[1]
    weighted = "--weighted" in sys.argv[2:]
    load, graph = timed(
        lambda: igraph.Graph.Read_Ncol(edges, names=True, weights=weighted, directed=False), 1
    )
    weights = "weight" if weighted else None
    pagerank, _ = timed(lambda: graph.pagerank(damping=0.85, weights=weights), 3)
    components, parts = timed(lambda: graph.connected_components(), 3)
    print(
        json.dumps(
            {
                "igraph": igraph.__version__,
                "nodes": graph.vcount(),
                "edges": graph.ecount(),
                "components": len(parts),
                "times": {"load": load, "pagerank": pagerank, "components": components},
            }
        )
    )


if __name__ == "__main__":
    main()
