"""NetworkX PageRank reference for the accuracy table of `npm run bench`.

Usage: /usr/bin/python3 bench/networkx-pagerank-reference.py EDGES OUT.json
Reads a SNAP-style edge list as an undirected graph and writes {"ids": [...], "scores": [...]}
from nx.pagerank(alpha=0.85, tol=1e-12): NetworkX stops on L1 < N * tol, so on 10k nodes this
is an L1 change below 1e-8, far tighter than the 1e-6 per node the table checks.
"""

import json
import sys

import networkx as nx


def main() -> None:
    edges, out = sys.argv[1], sys.argv[2]
    graph = nx.read_edgelist(edges, comments="#", nodetype=str, data=False)
    scores = nx.pagerank(graph, alpha=0.85, tol=1e-12, max_iter=10000)
    ids = list(scores)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(
            {"networkx": nx.__version__, "ids": ids, "scores": [scores[i] for i in ids]},
            handle,
        )


if __name__ == "__main__":
    main()
