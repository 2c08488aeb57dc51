# Reference values for sage-mlp.test.ts, computed by Debian's PyTorch (CPU, float64): the
# evaluation-mode logits, loss and first-layer gradient of GraphSAGE (its "gcn" and "mean"
# aggregators) and of the MLP on a 6-node graph, then the training loss over five full-batch
# Adam steps (lr 0.01, coupled weight decay 5e-4 as torch.optim.Adam's, biases undecayed;
# GraphSAGE decays every weight, the MLP its first layer only). The weights come from a closed
# formula, so the TypeScript test sets the same ones without sharing an initialiser.
# Run: /usr/bin/python3 lib/engine/ml/testing/sage-mlp-reference.py > lib/engine/ml/testing/sage-mlp-reference.txt
import math

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
n, f, hidden, classes = 6, 4, 5, 3
edges = [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4)]  # node 5 is isolated
A = torch.zeros(n, n)
for u, v in edges:
    A[u, v] = A[v, u] = 1.0
degree = A.sum(1)
# GraphSAGE "gcn" as DGL's example: self-loops added, then SAGEConv's "gcn" aggregator adds the
# node's own features again, so the node weighs 2/(d + 2) and each neighbour 1/(d + 2).
closed_mean = (A + 2 * torch.eye(n)) / (degree + 2)[:, None]
# GraphSAGE "mean": neighbours' mean, D⁻¹A (an isolated node aggregates to zero).
mean = A / degree.clamp(min=1)[:, None]


def formula(rows, cols, salt, scale=1.0):
    return torch.tensor(
        [[scale * 0.4 * math.sin(1.3 * i + 0.7 * j + salt) for j in range(cols)] for i in range(rows)]
    )


X = formula(n, f, 0.1)
labels = torch.tensor([0, 1, 2, 0, 1, 2])


def show(name, tensor):
    values = ", ".join(f"{v:.6f}" for v in tensor.flatten().tolist())
    print(f"{name}: [{values}]")


def weights(kind):
    """Parameters in the order the TypeScript network lists them."""
    if kind == "sage-mean":
        shapes = [(f, hidden, 1.0, 1.0), (f, hidden, 1.5, 1.0), (1, hidden, 2.0, 0.1),
                  (hidden, classes, 3.0, 1.0), (hidden, classes, 3.5, 1.0), (1, classes, 4.0, 0.1)]
    else:
        shapes = [(f, hidden, 1.0, 1.0), (1, hidden, 2.0, 0.1),
                  (hidden, classes, 3.0, 1.0), (1, classes, 4.0, 0.1)]
    return [formula(r, c, salt, scale).requires_grad_() for r, c, salt, scale in shapes]


def forward(kind, p):
    if kind == "sage-gcn":
        h = torch.relu(closed_mean @ (X @ p[0]) + p[1])
        return closed_mean @ (h @ p[2]) + p[3]
    if kind == "sage-mean":
        h = torch.relu(X @ p[0] + mean @ (X @ p[1]) + p[2])
        return h @ p[3] + mean @ (h @ p[4]) + p[5]
    h = torch.relu(X @ p[0] + p[1])
    return h @ p[2] + p[3]


def decayed(kind, p):
    if kind == "mlp":
        return [p[0]]  # first layer only (Kipf & Welling's choice, the MLP's default)
    return [w for w in p if w.shape[0] != 1]  # every weight, no bias


for kind in ("sage-gcn", "sage-mean", "mlp"):
    p = weights(kind)
    out = forward(kind, p)
    loss = F.cross_entropy(out, labels)
    loss.backward()
    print(kind)
    show("logits", out.detach())
    print(f"loss: {loss.item():.6f}")
    show("grad first weight", p[0].grad)
    p = weights(kind)
    decay = decayed(kind, p)
    groups = [
        {"params": decay, "weight_decay": 5e-4},
        {"params": [w for w in p if all(w is not d for d in decay)], "weight_decay": 0.0},
    ]
    optimiser = torch.optim.Adam(groups, lr=0.01)
    losses = []
    for _ in range(5):
        optimiser.zero_grad()
        loss = F.cross_entropy(forward(kind, p), labels)
        loss.backward()
        optimiser.step()
        losses.append(loss.item())
    show("adam losses", torch.tensor(losses))
    show("logits after 5 steps", forward(kind, p).detach())
