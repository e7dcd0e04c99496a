import os, sys, torch
out = sys.argv[1]
class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 16)
    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return torch.sigmoid(self.fc2(h)) * x
torch.manual_seed(0)
m = MLP().eval()
ep = torch.export.export(m, (torch.randn(8, 16),))
path = torch._inductor.aoti_compile_and_package(ep, package_path=os.path.join(out, "mlp_cpp_only.pt2"),
    inductor_configs={"aot_inductor.package_cpp_only": True})
print(path)
