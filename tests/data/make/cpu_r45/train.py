"""A small CPU training loop profiled as people profile one (issue 45): a compiled MLP, an eager
loss (``F.cross_entropy``), ``AdamW``, a ``.item()`` each step; ``schedule(wait=1, warmup=1,
active=3)`` with ``prof.step()``, with Python stacks (``OUTDIR/profile_trace.json``) and without
(``OUTDIR/nostack/profile_trace.json``).  ``TORCH_TRACE=OUTDIR/trace`` for the log:

    TORCH_TRACE=$OUT/trace INDUCTOR_PROVENANCE=1 python train.py $OUT
"""

import os
import sys

import torch
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, schedule


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(64, 128)
        self.fc2 = torch.nn.Linear(128, 10)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return self.fc2(h)


def main(outdir):
    torch.manual_seed(0)
    model = MLP()
    compiled = torch.compile(model)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    x = torch.randn(32, 64)
    y = torch.randint(0, 10, (32,))

    def step():
        logits = compiled(x)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss.item()

    for _ in range(2):
        step()
    for stacks, path in ((True, "profile_trace.json"), (False, "nostack/profile_trace.json")):
        out = os.path.join(outdir, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with torch.profiler.profile(
            activities=[ProfilerActivity.CPU], schedule=schedule(wait=1, warmup=1, active=3), with_stack=stacks, record_shapes=True
        ) as prof:
            for _ in range(5):
                step()
                prof.step()
        prof.export_chrome_trace(out)


if __name__ == "__main__":
    main(sys.argv[1])
