"""A small distributed job whose compiled code issues collectives (gloo, CPU): every rank's
compiled step all-reduces twice (sum); rank 2 takes a rank-local branch that also all-gathers (on
a group of its own, so no rank waits for it) and rank 3 reduces its second all-reduce with max
instead of sum, so their collective sequences differ; ranks 0 and 1 are alike."""
import torch
import torch.distributed as dist
import torch.distributed._functional_collectives as funcol
import torch.nn as nn


class Step(nn.Module):
    def __init__(self, rank: int, solo):
        super().__init__()
        self.rank = rank
        self.solo = solo  # a group of this rank alone
        self.fc = nn.Linear(16, 16)

    def forward(self, x):
        y = torch.relu(self.fc(x))
        y = funcol.all_reduce(y, "sum", dist.group.WORLD)
        z = y * 2 + 1
        if self.rank == 2:
            g = funcol.all_gather_tensor(z, 0, self.solo)
            z = z + g
        op = "max" if self.rank == 3 else "sum"
        s = funcol.all_reduce(z.sum(dim=0), op, dist.group.WORLD)
        return z * s


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    solo = [dist.new_group([r]) for r in range(dist.get_world_size())]
    torch.manual_seed(0)
    step = torch.compile(Step(rank, solo[rank]))
    with torch.no_grad():
        for _ in range(2):
            out = step(torch.randn(4, 16))
    print(f"rank {rank}: {out.sum().item():.3f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
