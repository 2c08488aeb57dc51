"""GraphSAGE and the MLP in PyTorch on Cora's Planetoid split: the references for bench/ml-bench.ts.

Usage: /usr/bin/python3 bench/torch-sage-mlp-bench.py DATASET_DIR [--models graphsage,mlp]
       [--seeds N]
Prints one JSON object. Same models, defaults and protocol as ours (network.ts,
default-hyperparameters.ts): GraphSAGE with the "gcn" aggregator as DGL's full-graph example
computes it (node 2/(d + 2), each neighbour 1/(d + 2); Glorot weights with ReLU's gain), 16
hidden; the MLP 64 hidden. Both: dropout on the features and
the hidden layer (0.5), zero biases, Adam lr 0.01 with
weight decay on every weight (GraphSAGE 5e-4, MLP 5e-3; biases undecayed), up to 200 epochs, stop after 100 epochs
without a lower validation loss, tested with the best validation-loss epoch's weights. Features
are row-normalised, as ours normalise a wide 0/1 table, and multiplied sparse.
"""

import copy
import importlib.util
import json
import statistics
import sys
import time
import warnings

import torch
import torch.nn.functional as F

spec = importlib.util.spec_from_file_location(
    "torch_gcn_bench", __file__.replace("torch-sage-mlp-bench.py", "torch-gcn-bench.py")
)
gcn_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gcn_bench)

SETTINGS = {
    "graphsage": {"hidden": 16, "dropout": 0.5, "weight_decay": 5e-4},
    "mlp": {"hidden": 64, "dropout": 0.5, "weight_decay": 5e-3},
}
EPOCHS, PATIENCE, LEARNING_RATE = 200, 100, 0.01


def closed_mean(adjacency):
    """DGL's "gcn" aggregation on a graph with self-loops: the node weighs 2/(d + 2), each
    neighbour 1/(d + 2) (built from the GCN adjacency's structure, self-loops included)."""
    index = adjacency.to_sparse_coo().coalesce().indices()
    n = adjacency.shape[0]
    degree = torch.zeros(n).scatter_add_(0, index[0], torch.ones(index.shape[1])) - 1
    values = (1 + (index[0] == index[1]).float()) / (degree[index[0]] + 2)
    return torch.sparse_coo_tensor(index, values, (n, n)).coalesce().to_sparse_csr()


class Network(torch.nn.Module):
    def __init__(self, kind, inputs, hidden, outputs, dropout):
        super().__init__()
        self.kind, self.dropout = kind, dropout
        self.first = torch.nn.Linear(inputs, hidden)
        self.second = torch.nn.Linear(hidden, outputs)
        for layer in (self.first, self.second):
            # DGL's SAGEConv: ReLU's gain; the MLP as PyTorch Geometric's Linear: gain 1.
            gain = torch.nn.init.calculate_gain("relu") if kind == "graphsage" else 1.0
            torch.nn.init.xavier_uniform_(layer.weight, gain=gain)
            torch.nn.init.zeros_(layer.bias)

    def layer(self, linear, x, aggregate):
        product = torch.sparse.mm(x, linear.weight.t()) if x.is_sparse else x @ linear.weight.t()
        if self.kind == "graphsage":
            product = aggregate @ product  # bias after the aggregation, as DGL's SAGEConv "gcn"
        return product + linear.bias

    def forward(self, x, aggregate):
        if self.training:
            x = torch.sparse_coo_tensor(x.indices(), F.dropout(x.values(), self.dropout), x.shape)
        x = F.relu(self.layer(self.first, x, aggregate))
        x = F.dropout(x, self.dropout, self.training)
        return self.layer(self.second, x, aggregate)


def train(kind, features, labels, masks, aggregate, classes, seed):
    torch.manual_seed(seed)
    settings = SETTINGS[kind]
    model = Network(kind, features.shape[1], settings["hidden"], classes, settings["dropout"])
    weights = [model.first.weight, model.second.weight]
    biases = [model.first.bias, model.second.bias]
    optimiser = torch.optim.Adam(
        [{"params": weights, "weight_decay": settings["weight_decay"]}, {"params": biases, "weight_decay": 0}],
        lr=LEARNING_RATE,
    )
    best_loss, best_epoch, best_state, epoch_ms = float("inf"), 0, None, []
    for epoch in range(1, EPOCHS + 1):
        started = time.perf_counter()
        model.train()
        optimiser.zero_grad()
        out = model(features, aggregate)
        F.cross_entropy(out[masks["train"]], labels[masks["train"]]).backward()
        optimiser.step()
        model.eval()
        with torch.no_grad():
            out = model(features, aggregate)
            val_loss = F.cross_entropy(out[masks["val"]], labels[masks["val"]]).item()
        epoch_ms.append((time.perf_counter() - started) * 1000)
        if val_loss < best_loss:
            best_loss, best_epoch, best_state = val_loss, epoch, copy.deepcopy(model.state_dict())
        if epoch - best_epoch >= PATIENCE:
            break
    model.load_state_dict(best_state)
    model.eval()
    with torch.no_grad():
        predicted = model(features, aggregate).argmax(1)
    accuracy = (predicted[masks["test"]] == labels[masks["test"]]).float().mean().item()
    return accuracy, best_epoch, epoch_ms


def main():
    warnings.filterwarnings("ignore", message="Sparse CSR tensor support")
    directory = sys.argv[1]
    seeds = int(sys.argv[sys.argv.index("--seeds") + 1]) if "--seeds" in sys.argv else 10
    models = (
        sys.argv[sys.argv.index("--models") + 1].split(",")
        if "--models" in sys.argv
        else ["graphsage", "mlp"]
    )
    features, labels, masks, adjacency, classes = gcn_bench.load(directory)
    features = features.to_sparse().coalesce()
    aggregate = closed_mean(adjacency)
    report = {"torch": torch.__version__, "threads": torch.get_num_threads(), "models": {}}
    for kind in models:
        accuracies, kept, medians = [], [], []
        for seed in range(seeds):
            accuracy, best_epoch, epoch_ms = train(
                kind, features, labels, masks, aggregate, classes, seed
            )
            accuracies.append(accuracy)
            kept.append(best_epoch)
            medians.append(statistics.median(epoch_ms))
        report["models"][kind] = {
            "seeds": seeds,
            "accuracies": accuracies,
            "mean": statistics.mean(accuracies),
            "std": statistics.pstdev(accuracies),
            "keptEpochs": kept,
            "epochMsMedian": statistics.median(medians),
        }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
