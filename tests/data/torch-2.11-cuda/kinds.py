import os,sys,torch,torch.nn as nn,torch.nn.functional as F
class MLP(nn.Module):
    def __init__(s):
        super().__init__();s.fc1=nn.Linear(64,256);s.fc2=nn.Linear(256,64)
    def forward(s,x):
        y=s.fc1(x)
        y=F.gelu(y)
        return s.fc2(y)
def foreach(d):
    m=MLP().to(d);o=torch.optim.Adam(m.parameters(),foreach=True)
    m(torch.randn(32,64,device=d)).sum().backward()
    torch.compile(o.step)()
def split_scan(d):
    torch.compile(lambda x:torch.cumsum(x.sin(),0))(torch.randn(2**22,device=d))
def unknown(d):
    c=torch._inductor.config.triton;c.cooperative_reductions=True
    if hasattr(c,"force_cooperative_reductions"):c.force_cooperative_reductions=True
    torch.compile(lambda x:(x*x).sum(1))(torch.randn(8,2**18,device=d))
def aoti(d):
    ep=torch.export.export(MLP().to(d).eval(),(torch.randn(8,64,device=d),))
    torch._inductor.aoti_compile_and_package(ep,package_path=os.environ["O"]+"/mlp.pt2")
def fork(d):
    torch.compile(MLP())(torch.randn(8,64));p=[]
    for f in (lambda a:torch.sin(a)*a.sum(),lambda a:torch.relu(a@a.T)+1):
        k=os.fork()
        if k==0:
            torch.compile(f)(torch.randn(16,16));os._exit(0)
        p.append(k)
    for k in p:os.waitpid(k,0)
globals()[sys.argv[1]]("cpu" if sys.argv[1]=="fork" else "cuda")
