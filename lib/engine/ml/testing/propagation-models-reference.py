# Reference values for propagation-models.test.ts, computed by Debian's PyTorch (CPU, float64):
# APPNP's and GCNII's evaluation-mode logits, cross-entropy and two weight gradients on a
# 6-node graph with weights given by a closed formula, so the TypeScript test can set the same
# weights without sharing an initialiser. Run: /usr/bin/python3 lib/engine/ml/testing/propagation-models-reference.py
import math

import torch

torch.set_default_dtype(torch.float64)
n, f, hidden, classes = 6, 4, 5, 3
edges = [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4)]  # node 5 is isolated
A = torch.eye(n)
for u, v in edges:
    A[u, v] = A[v, u] = 1.0
d = A.sum(1).pow(-0.5)
adj = d[:, None] * A * d[None, :]  # D̃^-1/2 (A + I) D̃^-1/2


def formula(rows, cols, salt):
    return torch.tensor(
        [[0.4 * math.sin(1.3 * i + 0.7 * j + salt) for j in range(cols)] for i in range(rows)]
    )


X = formula(n, f, 0.1)
labels = torch.tensor([0, 1, 2, 0, 1, 2])


def show(name, tensor):
    values = ", ".join(f"{v:.6f}" for v in tensor.flatten().tolist())
    print(f"{name}: [{values}]")


# APPNP: MLP f → hidden → classes, then K steps Z ← (1 − α)·Â·Z + α·H.
W0 = formula(f, hidden, 1.0).requires_grad_()
b0 = (0.1 * formula(1, hidden, 2.0)).requires_grad_()
W1 = formula(hidden, classes, 3.0).requires_grad_()
b1 = (0.1 * formula(1, classes, 4.0)).requires_grad_()
H = torch.relu(X @ W0 + b0) @ W1 + b1
Z = H
alpha, K = 0.1, 10
for _ in range(K):
    Z = (1 - alpha) * adj @ Z + alpha * H
loss = torch.nn.functional.cross_entropy(Z, labels)
loss.backward()
print("APPNP (alpha 0.1, K 10)")
show("logits", Z.detach())
print(f"loss: {loss.item():.6f}")
show("grad W0", W0.grad)
show("grad W1", W1.grad)

# GCNII: linear f → hidden, L convolutions, linear hidden → classes (authors' model, eval mode).
L, alpha, lam = 4, 0.1, 0.5
F0 = formula(f, hidden, 1.0).requires_grad_()
c0 = (0.1 * formula(1, hidden, 2.0)).requires_grad_()
Ws = [formula(hidden, hidden, 5.0 + l).requires_grad_() for l in range(L)]
F1 = formula(hidden, classes, 3.0).requires_grad_()
c1 = (0.1 * formula(1, classes, 4.0)).requires_grad_()
h0 = torch.relu(X @ F0 + c0)
h = h0
for l in range(L):
    beta = math.log(lam / (l + 1) + 1)
    support = (1 - alpha) * adj @ h + alpha * h0
    h = torch.relu(beta * support @ Ws[l] + (1 - beta) * support)
out = h @ F1 + c1
loss = torch.nn.functional.cross_entropy(out, labels)
loss.backward()
print(f"GCNII (layers {L}, alpha 0.1, lambda 0.5)")
show("logits", out.detach())
print(f"loss: {loss.item():.6f}")
show("grad F0", F0.grad)
show("grad W1 (second convolution)", Ws[1].grad)
