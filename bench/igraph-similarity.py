"""python-igraph on the queries bench/bench-similarity.ts times: Jaccard similarity to one node.

Usage: /usr/bin/python3 bench/igraph-similarity.py EDGES [--node NAME] [--top 10] [--sample 1000]
EDGES must have no comment lines (as for igraph-bench.py). Prints one JSON object, seconds:
- similarToNode: the fastest of five runs of the query igraph can answer for one node — its
  candidates (neighborhood(order=2), as ours: nodes sharing a neighbour, plus its neighbours),
  similarity_jaccard(pairs=...) against each, the top k by score then index;
- topSimilarPairsEstimate: igraph has no top-pairs query, and similarity_jaccard() over all
  pairs is an n x n matrix (10^10 entries on the 100k-node graph); this runs the one-node
  query for `--sample` evenly spaced nodes and scales the time to every node, a LOWER bound
  on igraph's cost of the exhaustive search (pairs are scored from both ends, top k not kept).
"""

import heapq
import json
import sys
import time

import igraph


def option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def similar_to(graph, node, top):
    candidates = [v for v in graph.neighborhood(node, order=2) if v != node]
    # loops=False: a node is not its own neighbour (NetworkX and ours; igraph defaults to True).
    scores = graph.similarity_jaccard(pairs=[(node, v) for v in candidates], loops=False)
    return heapq.nsmallest(top, zip(scores, candidates), key=lambda item: (-item[0], item[1]))


def main() -> None:
    edges = sys.argv[1]
    top = int(option("--top", "10"))
    sample = int(option("--sample", "1000"))
    graph = igraph.Graph.Read_Ncol(edges, names=True, directed=False)
    graph.simplify()
    node = graph.vs.find(name=option("--node", "0")).index
    best = None
    found = []
    for _ in range(5):
        start = time.perf_counter()
        found = similar_to(graph, node, top)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    n = graph.vcount()
    nodes = [round(i * (n - 1) / max(1, sample - 1)) for i in range(sample)]
    start = time.perf_counter()
    for v in nodes:
        similar_to(graph, v, top)
    sampled = time.perf_counter() - start
    print(
        json.dumps(
            {
                "igraph": igraph.__version__,
                "nodes": n,
                "edges": graph.ecount(),
                "node": option("--node", "0"),
                "top": [[graph.vs[v]["name"], score] for score, v in found],
                "times": {
                    "similarToNode": best,
                    "topSimilarPairsEstimate": sampled * n / len(nodes),
                },
            }
        )
    )


if __name__ == "__main__":
    main()
