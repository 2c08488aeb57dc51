"""APPNP and GCNII in PyTorch on Cora's Planetoid split: the references for bench/ml-bench.ts.

Usage: /usr/bin/python3 bench/torch-propagation-bench.py DATASET_DIR [--model appnp|gcnii]
       [--seeds N] [--layers L] [--epochs E] [--patience P]
Prints one JSON line per run. Same models, defaults and protocol as ours (appnp-network.ts,
gcnii-network.ts, default-hyperparameters.ts): APPNP = 64-hidden MLP, K 10, alpha 0.1, dropout
0.5 on features, hidden layer and Â's entries, Adam lr 0.01, weight decay 5e-4; GCNII = linear,
L convolutions (alpha 0.1, lambda 0.5), linear, dropout 0.6, weight decay 0.01 on the
convolutions and 5e-4 on the linear layers. Both stop after 100 epochs without a lower
validation loss and are tested with the best validation-loss epoch's weights. Features are
row-normalised, as ours normalise a wide 0/1 table.
"""

import argparse
import importlib.util
import json
import math
import time

import torch
import torch.nn.functional as F

spec = importlib.util.spec_from_file_location(
    "torch_gcn_bench", __file__.replace("torch-propagation-bench.py", "torch-gcn-bench.py")
)
gcn_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gcn_bench)


def edge_dropout(adjacency, rate, training):
    if not training or rate == 0:
        return adjacency
    coo = adjacency.to_sparse_coo()
    values = F.dropout(coo.values(), rate, True)
    return torch.sparse_coo_tensor(coo.indices(), values, coo.shape).to_sparse_csr()


class Appnp(torch.nn.Module):
    def __init__(self, inputs, hidden, outputs):
        super().__init__()
        self.first = torch.nn.Linear(inputs, hidden)
        self.second = torch.nn.Linear(hidden, outputs)
        for layer in (self.first, self.second):
            torch.nn.init.xavier_uniform_(layer.weight)
            torch.nn.init.zeros_(layer.bias)

    def forward(self, x, adjacency):
        x = F.dropout(x, 0.5, self.training)
        x = F.dropout(F.relu(self.first(x)), 0.5, self.training)
        h = self.second(x)
        z = h
        for _ in range(10):
            z = 0.9 * (edge_dropout(adjacency, 0.5, self.training) @ z) + 0.1 * h
        return z


class Gcnii(torch.nn.Module):
    def __init__(self, inputs, hidden, outputs, layers):
        super().__init__()
        self.first = torch.nn.Linear(inputs, hidden)
        self.last = torch.nn.Linear(hidden, outputs)
        for layer in (self.first, self.last):
            torch.nn.init.xavier_uniform_(layer.weight)
            torch.nn.init.zeros_(layer.bias)
        bound = 1 / math.sqrt(hidden)
        self.convolutions = torch.nn.ParameterList(
            [torch.nn.Parameter(torch.empty(hidden, hidden).uniform_(-bound, bound)) for _ in range(layers)]
        )

    def forward(self, x, adjacency):
        x = F.dropout(x, 0.6, self.training)
        h0 = F.relu(self.first(x))
        h = h0
        for index, weight in enumerate(self.convolutions):
            beta = math.log(0.5 / (index + 1) + 1)
            h = F.dropout(h, 0.6, self.training)
            support = 0.9 * (adjacency @ h) + 0.1 * h0
            h = F.relu(beta * (support @ weight) + (1 - beta) * support)
        return self.last(F.dropout(h, 0.6, self.training))


def run(model_name, seed, layers, data, max_epochs=None, patience=100):
    features, labels, masks, adjacency, classes = data
    torch.manual_seed(seed)
    if model_name == "appnp":
        model = Appnp(features.shape[1], 64, classes)
        groups = [{"params": model.parameters(), "weight_decay": 5e-4}]
    else:
        model = Gcnii(features.shape[1], 64, classes, layers)
        groups = [
            {"params": model.convolutions.parameters(), "weight_decay": 0.01},
            {"params": [*model.first.parameters(), *model.last.parameters()], "weight_decay": 5e-4},
        ]
    optimiser = torch.optim.Adam(groups, lr=0.01)
    best_loss, best_epoch, best_state = math.inf, 0, None
    started = time.perf_counter()
    epoch = 0
    last = max_epochs or (1500 if model_name == "gcnii" else 500)
    for epoch in range(1, last + 1):
        model.train()
        optimiser.zero_grad()
        loss = F.cross_entropy(model(features, adjacency)[masks["train"]], labels[masks["train"]])
        loss.backward()
        optimiser.step()
        model.eval()
        with torch.no_grad():
            out = model(features, adjacency)
            val_loss = F.cross_entropy(out[masks["val"]], labels[masks["val"]]).item()
        if val_loss < best_loss:
            best_loss, best_epoch = val_loss, epoch
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
        elif epoch - best_epoch >= patience:
            break
    model.load_state_dict(best_state)
    model.eval()
    with torch.no_grad():
        predicted = model(features, adjacency).argmax(1)
    accuracy = (predicted[masks["test"]] == labels[masks["test"]]).float().mean().item()
    return {
        "model": model_name,
        "layers": layers if model_name == "gcnii" else None,
        "seed": seed,
        "test_accuracy": round(accuracy, 4),
        "best_epoch": best_epoch,
        "epochs_run": epoch,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dataset")
    parser.add_argument("--model", default="appnp")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--layers", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=None, help="epoch budget (default 1500 / 500)")
    parser.add_argument("--patience", type=int, default=100)
    args = parser.parse_args()
    torch.set_num_threads(1)
    data = gcn_bench.load(args.dataset)
    for seed in range(args.seeds):
        print(json.dumps(run(args.model, seed, args.layers, data, args.epochs, args.patience)), flush=True)


if __name__ == "__main__":
    main()
