"""Reference values for gat-reference.test.ts, from PyTorch (Debian's python3-torch, CPU).

A two-layer GAT written densely (attention over an adjacency mask with self-loops, which
shares no code with the TypeScript CSR kernels) on a 6-node graph: a triangle 0-1-2, a path
2-3-4 and an isolated node 5; 4 input features, 2 heads x 3 features, 3 classes, the output
layer one head. Weights and features come from closed formulas the test repeats. Prints the
logits, the mean cross-entropy over all six nodes, every gradient, and the loss after 20 Adam
steps (lr 0.005, L2 5e-4 on projections and attention vectors, not biases), dropout off.

Run: /usr/bin/python3 lib/engine/ml/testing/gat-reference.py > lib/engine/ml/testing/gat-reference.json
"""
import json
import math

import torch

torch.set_default_dtype(torch.float64)
N, IN, HEADS, HID, CLASSES = 6, 4, 2, 3, 3
EDGES = [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4)]
LABELS = torch.tensor([0, 1, 2, 0, 1, 2])


def formula(count, offset, scale):
    return torch.tensor([scale * math.sin(1.1 * k + offset) for k in range(count)])


features = torch.tensor([[math.cos(0.7 * (i * IN + k) + 0.3) for k in range(IN)] for i in range(N)])
adjacency = torch.eye(N, dtype=torch.bool)
for u, v in EDGES:
    adjacency[u, v] = adjacency[v, u] = True

# Parameter order and shapes as the network lists them: per layer weight (in x heads*out),
# attention source (heads x out), attention target (heads x out), bias.
shapes = [
    ("layer0.weight", (IN, HEADS * HID), 0.5),
    ("layer0.attention_source", (HEADS, HID), 0.5),
    ("layer0.attention_target", (HEADS, HID), 0.5),
    ("layer0.bias", (HEADS * HID,), 0.1),
    ("layer1.weight", (HEADS * HID, CLASSES), 0.5),
    ("layer1.attention_source", (1, CLASSES), 0.5),
    ("layer1.attention_target", (1, CLASSES), 0.5),
    ("layer1.bias", (CLASSES,), 0.1),
]
params = []
for index, (name, shape, scale) in enumerate(shapes):
    count = math.prod(shape)
    params.append(formula(count, index + 1, scale).reshape(shape).requires_grad_(True))


def gat_layer(x, weight, a_src, a_dst, bias, heads, concat):
    h = (x @ weight).reshape(N, heads, -1)  # n, heads, out
    s_src = (h * a_src).sum(-1)  # n, heads
    s_dst = (h * a_dst).sum(-1)
    scores = torch.nn.functional.leaky_relu(s_dst[:, None, :] + s_src[None, :, :], 0.2)  # i, j, h
    scores = scores.masked_fill(~adjacency[:, :, None], float("-inf"))
    alpha = torch.softmax(scores, dim=1)
    out = torch.einsum("ijh,jhf->ihf", alpha, h)
    out = out.reshape(N, -1) if concat else out.mean(dim=1)
    return out + bias


def forward():
    hidden = torch.nn.functional.elu(gat_layer(features, *params[0:4], HEADS, True))
    return gat_layer(hidden, *params[4:8], 1, False)


logits = forward()
loss = torch.nn.functional.cross_entropy(logits, LABELS)
loss.backward()
result = {
    "logits": logits.detach().flatten().tolist(),
    "loss": loss.item(),
    "gradients": {name: p.grad.flatten().tolist() for (name, _, _), p in zip(shapes, params)},
}
decayed = [p for (name, _, _), p in zip(shapes, params) if not name.endswith("bias")]
plain = [p for (name, _, _), p in zip(shapes, params) if name.endswith("bias")]
optimizer = torch.optim.Adam(
    [{"params": decayed, "weight_decay": 5e-4}, {"params": plain, "weight_decay": 0}], lr=0.005
)
losses = []
for step in range(20):
    optimizer.zero_grad()
    step_loss = torch.nn.functional.cross_entropy(forward(), LABELS)
    step_loss.backward()
    optimizer.step()
    losses.append(step_loss.item())
result["adam_losses"] = losses
result["loss_after_adam"] = torch.nn.functional.cross_entropy(forward(), LABELS).item()
print(json.dumps(result, indent=1))
