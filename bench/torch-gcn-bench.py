"""The 2-layer GCN of bench/ml-bench.ts in PyTorch, on the same Cora split, for a time ratio.

Usage: /usr/bin/python3 bench/torch-gcn-bench.py DATASET_DIR [--seeds N] [--epochs E]
Prints one JSON object. Same model and protocol as ours (Kipf & Welling: 16 hidden, dropout
0.5 on the input and the hidden layer, Adam lr 0.01, weight decay 5e-4 on the first layer,
200 fixed epochs, test accuracy of the last epoch). An epoch is what ours times: a training
step plus an evaluation forward pass. Features are row-normalised and multiplied dense, as
PyTorch Geometric's example does (torch 1.13 has no dropout on sparse tensors); Â is sparse.
"""

import csv
import json
import statistics
import sys
import time
import warnings

import torch
import torch.nn.functional as F


def load(directory):
    with open(f"{directory}/cora_nodes.csv", newline="") as handle:
        rows = list(csv.reader(handle))
    header, rows = rows[0], rows[1:]
    ids = {row[0]: i for i, row in enumerate(rows)}
    classes = sorted({row[1] for row in rows})
    labels = torch.tensor([classes.index(row[1]) for row in rows])
    features = torch.tensor([[float(v) for v in row[3:]] for row in rows])
    features = features / features.sum(1, keepdim=True).clamp(min=1)
    split = [row[2] for row in rows]
    masks = {part: torch.tensor([s == part for s in split]) for part in ("train", "val", "test")}
    edges = set()
    with open(f"{directory}/cora_edges.csv", newline="") as handle:
        for source, target in list(csv.reader(handle))[1:]:
            u, v = ids[source], ids[target]
            if u != v:
                edges.add((min(u, v), max(u, v)))
    n = len(rows)
    pairs = torch.tensor(sorted(edges)).t()
    index = torch.cat([pairs, pairs.flip(0), torch.arange(n).repeat(2, 1)], 1)
    degree = torch.zeros(n).scatter_add_(0, index[0], torch.ones(index.shape[1]))
    values = degree[index[0]].rsqrt() * degree[index[1]].rsqrt()
    adjacency = torch.sparse_coo_tensor(index, values, (n, n)).coalesce().to_sparse_csr()
    del header
    return features, labels, masks, adjacency, len(classes)


class Gcn(torch.nn.Module):
    def __init__(self, inputs, hidden, outputs):
        super().__init__()
        self.first = torch.nn.Linear(inputs, hidden)
        self.second = torch.nn.Linear(hidden, outputs)
        torch.nn.init.xavier_uniform_(self.first.weight)
        torch.nn.init.xavier_uniform_(self.second.weight)
        torch.nn.init.zeros_(self.first.bias)
        torch.nn.init.zeros_(self.second.bias)

    def forward(self, x, adjacency):
        x = F.dropout(x, 0.5, self.training)
        x = F.relu(adjacency @ self.first(x))
        x = F.dropout(x, 0.5, self.training)
        return adjacency @ self.second(x)


def train(features, labels, masks, adjacency, classes, seed, epochs):
    torch.manual_seed(seed)
    model = Gcn(features.shape[1], 16, classes)
    optimiser = torch.optim.Adam(
        [
            {"params": model.first.parameters(), "weight_decay": 5e-4},
            {"params": model.second.parameters(), "weight_decay": 0},
        ],
        lr=0.01,
    )
    epoch_ms = []
    for _ in range(epochs):
        started = time.perf_counter()
        model.train()
        optimiser.zero_grad()
        out = model(features, adjacency)
        F.cross_entropy(out[masks["train"]], labels[masks["train"]]).backward()
        optimiser.step()
        model.eval()
        with torch.no_grad():
            out = model(features, adjacency)
            F.cross_entropy(out[masks["val"]], labels[masks["val"]])
        epoch_ms.append((time.perf_counter() - started) * 1000)
    predicted = out.argmax(1)
    accuracy = (predicted[masks["test"]] == labels[masks["test"]]).float().mean().item()
    return accuracy, epoch_ms


def main():
    warnings.filterwarnings("ignore", message="Sparse CSR tensor support")
    directory = sys.argv[1]
    seeds = int(sys.argv[sys.argv.index("--seeds") + 1]) if "--seeds" in sys.argv else 10
    epochs = int(sys.argv[sys.argv.index("--epochs") + 1]) if "--epochs" in sys.argv else 200
    features, labels, masks, adjacency, classes = load(directory)
    report = {"torch": torch.__version__, "threads": torch.get_num_threads()}
    accuracies, totals, medians = [], [], []
    for seed in range(seeds):
        accuracy, epoch_ms = train(features, labels, masks, adjacency, classes, seed, epochs)
        accuracies.append(accuracy)
        totals.append(sum(epoch_ms))
        medians.append(statistics.median(epoch_ms))
    report.update(
        {
            "seeds": seeds,
            "testAccuracyMean": statistics.mean(accuracies),
            "testAccuracyStd": statistics.pstdev(accuracies),
            "totalMsMedian": statistics.median(totals),
            "totalMsMin": min(totals),
            "epochMsMedian": statistics.median(medians),
        }
    )
    print(json.dumps(report))


if __name__ == "__main__":
    main()
