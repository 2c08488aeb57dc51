"""python-igraph on the steps `npm run bench` compares against: load, PageRank, components,
triangles, k-core, average clustering and diameter.

Usage: /usr/bin/python3 bench/igraph-bench.py EDGES [--weighted] [--full-diameter]
EDGES must have no comment lines (igraph's Read_Ncol has no comment syntax; the engine bench
writes a stripped copy). Prints one JSON object: the igraph version and seconds per step —
load once (Read_Ncol, names on, as a caller with arbitrary ids would), the others as the
fastest of three runs, so the ratios never flatter us:
- triangles: the faster of transitivity_local_undirected (per-node triangle counts, the work
  nx.triangles does) and list_triangles (both also reported on their own);
- kcore: coreness(); clustering: transitivity_avglocal_undirected(mode="zero");
- diameter: igraph's diameter() searches from every vertex (48 minutes measured on the 1M-edge
  BA graph), so by default it is estimated as n × the mean time of eccentricity() over 100
  seeded random vertices — the same searches, a sample of them — and listed under
  `estimated`; --full-diameter times diameter() itself, once.
"""

import json
import random
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
    full_diameter = "--full-diameter" in sys.argv[2:]
    load, graph = timed(
        lambda: igraph.Graph.Read_Ncol(edges, names=True, weights=weighted, directed=False), 1
    )
    weights = "weight" if weighted else None
    pagerank, _ = timed(lambda: graph.pagerank(damping=0.85, weights=weights), 3)
    components, parts = timed(lambda: graph.connected_components(), 3)
    local, _ = timed(lambda: graph.transitivity_local_undirected(mode="zero"), 3)
    listed, triangles = timed(lambda: graph.list_triangles(), 3)
    kcore, cores = timed(lambda: graph.coreness(), 3)
    clustering, average = timed(lambda: graph.transitivity_avglocal_undirected(mode="zero"), 3)
    estimated = {}
    if full_diameter:
        diameter, diameter_value = timed(lambda: graph.diameter(directed=False), 1)
    else:
        sample = random.Random(1).sample(range(graph.vcount()), min(100, graph.vcount()))
        seconds, found = timed(lambda: graph.eccentricity(vertices=sample), 1)
        diameter = seconds / len(sample) * graph.vcount()
        diameter_value = None
        estimated["diameter"] = (
            f"{graph.vcount()} x the mean eccentricity() time over {len(sample)} seeded random "
            f"vertices ({seconds:.3f} s; the largest found: {max(found):.0f})"
        )
    print(
        json.dumps(
            {
                "igraph": igraph.__version__,
                "nodes": graph.vcount(),
                "edges": graph.ecount(),
                "components": len(parts),
                "times": {
                    "load": load,
                    "pagerank": pagerank,
                    "components": components,
                    "triangles": min(local, listed),
                    "trianglesLocal": local,
                    "trianglesList": listed,
                    "kcore": kcore,
                    "clustering": clustering,
                    "diameter": diameter,
                },
                "estimated": estimated,
                "values": {
                    "triangles": len(triangles),
                    "maxCore": max(cores) if cores else 0,
                    "averageClustering": average,
                    "diameter": diameter_value,
                },
            }
        )
    )


if __name__ == "__main__":
    main()
