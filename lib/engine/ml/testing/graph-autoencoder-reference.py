"""References for lib/engine/ml/graph-autoencoder.test.ts, computed with Debian's PyTorch.

Usage: /usr/bin/python3 lib/engine/ml/testing/graph-autoencoder-reference.py
(python3-torch 1.13, CPU). Prints JSON; the test file quotes the values it printed.

1. AUC and AP of fixed scores, computed the way sklearn's roc_auc_score and
   average_precision_score define them (sklearn itself is not packaged here): AUC as the
   fraction of (positive, negative) pairs ordered correctly, ties one half — a pairwise count,
   not the rank formula the engine uses; AP as sklearn's step sum Σ (R_n − R_{n−1}) · P_n over
   the distinct score thresholds, highest first.
2. GAE and VGAE (Kipf & Welling 2016: 32 hidden, 16 latent, Adam lr 0.01, 200 epochs) on the
   deterministic community graph of communityGraph() in the test, with node-identity features,
   the engine's protocol (5 % / 10 % of the edges held out for validation / test, as many
   sampled non-edges, fresh negatives each epoch, the best validation AUC's weights kept):
   test AUC / AP over 10 seeds, which the engine's threshold is set from.
"""

import json
import math
import statistics

import torch


def pairwise_auc(scores, labels):
    positives = [s for s, y in zip(scores, labels) if y == 1]
    negatives = [s for s, y in zip(scores, labels) if y == 0]
    total = 0.0
    for p in positives:
        for n in negatives:
            total += 1.0 if p > n else 0.5 if p == n else 0.0
    return total / (len(positives) * len(negatives))


def sklearn_average_precision(scores, labels):
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    thresholds = sorted(set(scores), reverse=True)
    positives = sum(labels)
    ap, previous_recall = 0.0, 0.0
    for t in thresholds:
        predicted = [i for i in order if scores[i] >= t]
        tp = sum(labels[i] for i in predicted)
        precision, recall = tp / len(predicted), tp / positives
        ap += (recall - previous_recall) * precision
        previous_recall = recall
    return ap


SCORES = [0.9, 0.8, 0.8, 0.7, 0.6, 0.6, 0.6, 0.4, 0.3, 0.2, 0.2, 0.1]
LABELS = [1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0]


def community_graph():
    """4 communities of 12 nodes; dense inside, a ring of sparse links across (as the test)."""
    n, size = 48, 12
    edges = set()
    for u in range(n):
        for v in range(u + 1, n):
            same = u // size == v // size
            if same and (u * 7 + v * 3) % 5 < 3:
                edges.add((u, v))
            elif not same and (u * v) % 41 == 0:
                edges.add((u, v))
    return n, sorted(edges)


def normalised_adjacency(n, edges):
    a = torch.eye(n)
    for u, v in edges:
        a[u, v] = a[v, u] = 1.0
    d = a.sum(1).pow(-0.5)
    return d[:, None] * a * d[None, :]


def sample_non_edges(n, count, exclude, generator):
    found = []
    while len(found) < count:
        u, v = torch.randint(0, n, (2,), generator=generator).tolist()
        key = (min(u, v), max(u, v))
        if u != v and key not in exclude:
            found.append((u, v))
    return found


def scores_of(z, pairs):
    s = torch.tensor([[u, v] for u, v in pairs])
    return (z[s[:, 0]] * z[s[:, 1]]).sum(1)


def train_autoencoder(n, edges, variational, seed):
    generator = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    m = len(edges)
    order = torch.randperm(m, generator=generator).tolist()
    test_count, val_count = round(0.1 * m), round(0.05 * m)
    test_pos = [edges[e] for e in order[:test_count]]
    val_pos = [edges[e] for e in order[test_count : test_count + val_count]]
    train_pos = [edges[e] for e in order[test_count + val_count :]]
    every = set(edges)
    val_neg = sample_non_edges(n, len(val_pos), every, generator)
    test_neg = sample_non_edges(n, len(test_pos), every, generator)
    a_hat = normalised_adjacency(n, train_pos)
    x = torch.eye(n)
    hidden, latent = 32, 16
    w0 = torch.nn.Parameter(torch.empty(n, hidden))
    w1 = torch.nn.Parameter(torch.empty(hidden, 2 * latent if variational else latent))
    torch.nn.init.xavier_uniform_(w0)
    torch.nn.init.xavier_uniform_(w1)
    b0 = torch.nn.Parameter(torch.zeros(hidden))
    b1 = torch.nn.Parameter(torch.zeros(w1.shape[1]))
    optimiser = torch.optim.Adam([w0, w1, b0, b1], lr=0.01)
    train_keys = set(train_pos)

    def encode():
        h = torch.relu(a_hat @ (x @ w0) + b0)
        out = a_hat @ (h @ w1) + b1
        if not variational:
            return out, out, None
        mu, log_std = out[:, :latent], out[:, latent:].clamp(max=10)
        return out, mu, log_std

    def evaluate(z, positive, negative):
        scores = scores_of(z, positive + negative).tolist()
        labels = [1] * len(positive) + [0] * len(negative)
        return pairwise_auc(scores, labels), sklearn_average_precision(scores, labels)

    best, best_state = -1.0, None
    for _ in range(200):
        optimiser.zero_grad()
        _, mu, log_std = encode()
        z = mu + torch.randn(mu.shape, generator=generator) * log_std.exp() if variational else mu
        negatives = sample_non_edges(n, len(train_pos), train_keys, generator)
        pos = scores_of(z, train_pos)
        neg = scores_of(z, negatives)
        loss = torch.nn.functional.softplus(-pos).mean() + torch.nn.functional.softplus(neg).mean()
        if variational:
            kl = -0.5 * torch.mean(
                torch.sum(1 + 2 * log_std - mu**2 - log_std.exp() ** 2, dim=1)
            )
            loss = loss + kl / n
        loss.backward()
        optimiser.step()
        with torch.no_grad():
            auc, _ = evaluate(encode()[1], val_pos, val_neg)
        if auc > best:
            best = auc
            best_state = [p.detach().clone() for p in (w0, w1, b0, b1)]
    with torch.no_grad():
        for p, saved in zip((w0, w1, b0, b1), best_state):
            p.copy_(saved)
        return evaluate(encode()[1], test_pos, test_neg)


def summary(values):
    return {
        "mean": round(statistics.mean(values), 4),
        "sd": round(statistics.stdev(values), 4),
        "min": round(min(values), 4),
    }


def main():
    n, edges = community_graph()
    result = {
        "scores": {
            "auc": pairwise_auc(SCORES, LABELS),
            "ap": sklearn_average_precision(SCORES, LABELS),
        },
        "graph": {"nodes": n, "edges": len(edges)},
    }
    for name, variational in (("gae", False), ("vgae", True)):
        runs = [train_autoencoder(n, edges, variational, seed) for seed in range(10)]
        result[name] = {
            "auc": summary([auc for auc, _ in runs]),
            "ap": summary([ap for _, ap in runs]),
        }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
