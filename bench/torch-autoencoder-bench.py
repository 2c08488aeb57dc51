"""GAE and VGAE of bench/bench-graph-autoencoders.ts in PyTorch, on Cora, as a reference.

Usage: /usr/bin/python3 bench/torch-autoencoder-bench.py DATASET_DIR [--seeds N] [--epochs E]
       [--models gae,vgae] [--features row|raw] [--loss sampled|full] [--lr 0.01]
       [--splits SPLITS.json]
Prints one JSON object (per model: test AUC / AP mean and sd over the seeds, the kept epoch,
ms per epoch).

The model is Kipf & Welling's (2016): two GCN layers 32 → 16 (VGAE: μ and log σ heads on the
shared first layer), Glorot weights, zero biases, Adam, no dropout; the weights of the best
validation AUC are kept and scored on the test pairs. Two reconstruction losses:
- `sampled` (PyTorch Geometric's examples/autoencoder.py): −log σ(z_u·z_v) averaged over the
  training edges plus −log(1 − σ(z_u·z_v)) averaged over as many uniform non-edges drawn afresh
  each epoch; what the engine trains.
- `full` (the paper's code): weighted cross-entropy over all n² entries of A + I with
  pos_weight = (n² − E)/E and norm = n²/(2(n² − E)). Needs the n×n logits: a reference only.
VGAE adds KL(q ‖ N(0, I)) / n in both.

Features: `row` divides each bag-of-words row by its count (PyG's NormalizeFeatures, and what
the engine's feature pipeline does for wide 0/1 columns); `raw` keeps the 0/1 values (the
paper's code).

Split: by default 85/5/10 of the undirected edges with as many non-edges in val and test,
shuffled with torch's generator (seeded). `--splits FILE` reads the engine's own splits
(bench-graph-autoencoders.ts writes them: per seed, node-index pairs) so both sides score the
same pairs.
"""

import argparse
import csv
import json
import statistics
import time

import torch
import torch.nn.functional as F


def load(directory, features_mode):
    with open(f"{directory}/cora_nodes.csv", newline="") as handle:
        rows = list(csv.reader(handle))
    rows = rows[1:]
    ids = {row[0]: i for i, row in enumerate(rows)}
    x = torch.tensor([[float(v) for v in row[3:]] for row in rows])
    if features_mode == "row":
        x = x / x.sum(1, keepdim=True).clamp(min=1)
    x = x.to_sparse()
    edges = set()
    with open(f"{directory}/cora_edges.csv", newline="") as handle:
        for source, target in list(csv.reader(handle))[1:]:
            u, v = ids[source], ids[target]
            if u != v:
                edges.add((min(u, v), max(u, v)))
    return x, sorted(edges), ids


def sample_non_edges(n, count, exclude, generator):
    found = []
    while len(found) < count:
        batch = torch.randint(0, n, (2 * count, 2), generator=generator).tolist()
        for u, v in batch:
            if u != v and (min(u, v), max(u, v)) not in exclude:
                found.append((u, v))
                if len(found) == count:
                    break
    return found


def random_split(n, edges, seed):
    generator = torch.Generator().manual_seed(seed)
    m = len(edges)
    order = torch.randperm(m, generator=generator).tolist()
    test_count, val_count = round(0.1 * m), round(0.05 * m)
    test_pos = [edges[e] for e in order[:test_count]]
    val_pos = [edges[e] for e in order[test_count : test_count + val_count]]
    train = [edges[e] for e in order[test_count + val_count :]]
    every = set(edges)
    return {
        "train": train,
        "val_pos": val_pos,
        "val_neg": sample_non_edges(n, len(val_pos), every, generator),
        "test_pos": test_pos,
        "test_neg": sample_non_edges(n, len(test_pos), every, generator),
    }


def normalised_adjacency(n, pairs):
    p = torch.tensor(pairs).t()
    index = torch.cat([p, p.flip(0), torch.arange(n).repeat(2, 1)], 1)
    degree = torch.zeros(n).scatter_add_(0, index[0], torch.ones(index.shape[1]))
    values = degree[index[0]].rsqrt() * degree[index[1]].rsqrt()
    return torch.sparse_coo_tensor(index, values, (n, n)).coalesce()


def auc_ap(scores, labels):
    """ROC-AUC by ranks (ties averaged) and sklearn's average precision (step sum)."""
    scores = scores.double()
    labels = labels.double()
    order = torch.argsort(scores)
    ranks = torch.empty_like(scores)
    sorted_scores = scores[order]
    n = len(scores)
    # average rank of each run of equal scores
    _, inverse, counts = torch.unique_consecutive(
        sorted_scores, return_inverse=True, return_counts=True
    )
    ends = counts.cumsum(0).double()
    ranks[order] = (ends - (counts.double() - 1) / 2)[inverse]
    positives = labels.sum()
    negatives = n - positives
    auc = (ranks[labels == 1].sum() - positives * (positives + 1) / 2) / (positives * negatives)
    descending = torch.argsort(-scores)
    hits = labels[descending].cumsum(0)
    precision = hits / torch.arange(1, n + 1, dtype=torch.float64)
    # one step per distinct threshold: the last index of each run of equal scores
    s = scores[descending]
    last = torch.ones(n, dtype=torch.bool)
    last[:-1] = s[:-1] != s[1:]
    recall = hits[last] / positives
    previous = torch.cat([torch.zeros(1, dtype=torch.float64), recall[:-1]])
    ap = ((recall - previous) * precision[last]).sum()
    return auc.item(), ap.item()


def score(z, positive, negative):
    pairs = torch.tensor(positive + negative)
    s = (z[pairs[:, 0]] * z[pairs[:, 1]]).sum(1)
    labels = torch.cat([torch.ones(len(positive)), torch.zeros(len(negative))])
    return auc_ap(s, labels)


def train(x, n, split, variational, seed, epochs, loss_mode, lr, self_pairs=False):
    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed + 1000)
    train_pos = split["train"]
    a_hat = normalised_adjacency(n, train_pos)
    hidden, latent = 32, 16
    w0 = torch.nn.Parameter(torch.empty(x.shape[1], hidden))
    w1 = torch.nn.Parameter(torch.empty(hidden, 2 * latent if variational else latent))
    torch.nn.init.xavier_uniform_(w0)
    if variational:
        # two heads, each Glorot-initialised for 32 → 16, side by side
        torch.nn.init.xavier_uniform_(w1.data[:, :latent])
        torch.nn.init.xavier_uniform_(w1.data[:, latent:])
    else:
        torch.nn.init.xavier_uniform_(w1)
    b0 = torch.nn.Parameter(torch.zeros(hidden))
    b1 = torch.nn.Parameter(torch.zeros(w1.shape[1]))
    parameters = [w0, w1, b0, b1]
    optimiser = torch.optim.Adam(parameters, lr=lr)
    train_keys = {(min(u, v), max(u, v)) for u, v in train_pos}
    pos_index = torch.tensor(train_pos)
    if self_pairs:
        # the paper's target is A + I: each node's own pair is a positive too
        pos_index = torch.cat([pos_index, torch.arange(n).repeat(2, 1).t()])
    if loss_mode == "full":
        target = torch.eye(n)
        target[pos_index[:, 0], pos_index[:, 1]] = 1
        target[pos_index[:, 1], pos_index[:, 0]] = 1
        ones = target.sum()
        pos_weight = (n * n - ones) / ones
        norm = n * n / (2 * (n * n - ones))

    def encode():
        h = torch.relu(torch.sparse.mm(a_hat, torch.sparse.mm(x, w0)) + b0)
        out = torch.sparse.mm(a_hat, h @ w1) + b1
        if not variational:
            return out, None
        return out[:, :latent], out[:, latent:].clamp(max=10)

    best, best_epoch, best_state = -1.0, 0, None
    started = time.perf_counter()
    for epoch in range(1, epochs + 1):
        optimiser.zero_grad()
        mu, log_std = encode()
        z = mu + torch.randn(mu.shape, generator=generator) * log_std.exp() if variational else mu
        if loss_mode == "full":
            logits = z @ z.t()
            loss = norm * F.binary_cross_entropy_with_logits(
                logits, target, pos_weight=pos_weight
            )
        else:
            negatives = torch.tensor(sample_non_edges(n, len(train_pos), train_keys, generator))
            pos = (z[pos_index[:, 0]] * z[pos_index[:, 1]]).sum(1)
            neg = (z[negatives[:, 0]] * z[negatives[:, 1]]).sum(1)
            loss = F.softplus(-pos).mean() + F.softplus(neg).mean()
        if variational:
            kl = -0.5 * torch.mean(torch.sum(1 + 2 * log_std - mu**2 - log_std.exp() ** 2, 1))
            loss = loss + kl / n
        loss.backward()
        optimiser.step()
        with torch.no_grad():
            auc, _ = score(encode()[0], split["val_pos"], split["val_neg"])
        if auc > best:
            best, best_epoch = auc, epoch
            best_state = [p.detach().clone() for p in parameters]
    elapsed = time.perf_counter() - started
    with torch.no_grad():
        for p, saved in zip(parameters, best_state):
            p.copy_(saved)
        auc, ap = score(encode()[0], split["test_pos"], split["test_neg"])
    return {"auc": auc, "ap": ap, "kept_epoch": best_epoch, "ms_per_epoch": 1000 * elapsed / epochs}


def spread(values):
    return {
        "mean": statistics.mean(values),
        "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dataset")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=200)
    parser.add_argument("--models", default="gae,vgae")
    parser.add_argument("--features", choices=["row", "raw"], default="raw")
    parser.add_argument("--loss", choices=["sampled", "full"], default="sampled")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--splits")
    parser.add_argument("--self-pairs", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    torch.set_num_threads(1)
    x, edges, ids = load(args.dataset, args.features)
    n = x.shape[0]
    given = None
    if args.splits:
        with open(args.splits) as handle:
            splits = json.load(handle)
        # the engine's node index → this script's (the node file's row order)
        ours = [ids[node] for node in splits["nodeIds"]]
        given = [
            {part: [(ours[u], ours[v]) for u, v in pairs] for part, pairs in seed.items()}
            for seed in splits["seeds"]
        ]
    seeds = len(given) if given else args.seeds
    report = {
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
        "seeds": seeds,
        "epochs": args.epochs,
        "features": args.features,
        "loss": args.loss,
        "lr": args.lr,
        "split": "engine" if given else "torch",
    }
    for model in args.models.split(","):
        runs = []
        for seed in range(seeds):
            if given:
                split = given[seed]
            else:
                split = random_split(n, edges, seed)
            run = train(
                x, n, split, model == "vgae", seed, args.epochs, args.loss, args.lr,
                args.self_pairs,
            )
            if args.verbose:
                print(model, seed, run, flush=True)
            runs.append(run)
        report[model] = {
            "auc": spread([r["auc"] for r in runs]),
            "ap": spread([r["ap"] for r in runs]),
            "kept_epoch": spread([r["kept_epoch"] for r in runs]),
            "ms_per_epoch": spread([r["ms_per_epoch"] for r in runs]),
        }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
