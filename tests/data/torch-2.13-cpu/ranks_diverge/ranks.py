"""A small distributed job whose ranks compile differently (gloo, CPU): rank 3 runs another
batch size (a recompile for a shape), rank 1 takes a rank-local branch with a print (a graph
break), rank 2's second function fails to compile (a graph break under fullgraph); ranks 0, 4, 5 compile alike."""
import os
import sys

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(32, 64)
        self.fc2 = nn.Linear(64, 32)

    def forward(self, x, rank: int):
        y = F.gelu(self.fc1(x))
        if rank == 1:
            print("rank-local branch", y.shape)
        return self.fc2(y) + x


def head(x):
    y = x.sum(dim=-1)
    if int(os.environ["RANK"]) == 2:
        torch._dynamo.graph_break()  # under fullgraph=True: this rank's compile fails
    return y.relu()


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    m = Block()
    cm = torch.compile(m)
    ch = torch.compile(head, fullgraph=True)
    for step in range(2):
        batch = 8 if not (rank == 3 and step == 1) else 12
        x = torch.randn(batch, 32)
        out = cm(x, rank)
        try:
            out = ch(out)
        except Exception as exc:  # the compile failure is the point
            print(f"rank {rank}: head failed to compile: {type(exc).__name__}", file=sys.stderr)
            out = head(out)
        t = out.sum().detach()
        dist.all_reduce(t)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
