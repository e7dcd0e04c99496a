import os, torch, torch.distributed as dist
dist.init_process_group("gloo")
rank = dist.get_rank()
class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 16)
    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return torch.sigmoid(self.fc2(h)) * x
torch.manual_seed(0)
m = torch.compile(MLP())
x = torch.randn(8, 16)
m(x).sum().backward()
dist.barrier()
dist.destroy_process_group()
