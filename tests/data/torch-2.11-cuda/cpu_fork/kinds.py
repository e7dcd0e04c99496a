import os,sys,torch,torch.nn as nn,torch.nn.functional as F
class MLP(nn.Module):
    def __init__(s):
        super().__init__();s.fc1=nn.Linear(64,256);s.fc2=nn.Linear(256,64)
    def forward(s,x):
        y=s.fc1(x)
        y=F.gelu(y)
        return s.fc2(y)
def fork(d):
    torch.compile(MLP())(torch.randn(8,64));p=[]
    for f in (lambda a:torch.sin(a)*a.sum(),lambda a:torch.relu(a@a.T)+1):
        k=os.fork()
        if k==0:
            torch.compile(f)(torch.randn(16,16));os._exit(0)
        p.append(k)
    for k in p:os.waitpid(k,0)
globals()[sys.argv[1]]("cpu")
