"""A tiny training loop for `inductor-lens capture --profile` (tests/data/torch-2.13-cpu/capture_profile)."""
import torch


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 4)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = h * torch.sigmoid(h)
        return self.fc2(h).softmax(dim=-1)


torch.manual_seed(0)
model = Tiny()
step = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(8, 16)
for _ in range(4):
    loss = step(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
print("loss", float(loss))
