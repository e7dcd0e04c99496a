"""Small real workloads compiled with torch.compile to produce provenance traces.

Run one case:  python models.py CASE DEVICE
Each case builds a model, compiles it and runs it; the caller sets TORCH_TRACE,
INDUCTOR_PROVENANCE and friends in the environment.
"""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, d=256, h=1024):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.norm = nn.LayerNorm(h)
        self.fc2 = nn.Linear(h, d)

    def forward(self, x):
        y = self.fc1(x)
        y = F.gelu(y)
        y = self.norm(y)
        y = self.fc2(y)
        return torch.relu(y + x)

# edited copy for the diff test: two lines inserted above SmallCNN
EDIT_MARKER = 1

class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(16)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(32)
        self.head = nn.Linear(32, 10)

    def forward(self, x):
        x = F.gelu(self.bn1(self.conv1(x)))
        x = F.max_pool2d(x, 2)
        x = F.relu(self.bn2(self.conv2(x)))
        x = x.mean(dim=(2, 3))
        return self.head(x)


def fused_pointwise(a, b, c):
    t = torch.sin(a) * torch.cos(b)
    u = (t + c).sigmoid()
    s = u.sum(dim=-1, keepdim=True)
    return u / s, torch.softmax(a @ b.T, dim=-1)


def with_graph_break(x):
    y = torch.tanh(x) * 2
    if y.sum().item() > 0:  # data-dependent branch: graph break
        y = y + 1
    else:
        y = y - 1
    return torch.exp(y).mean(dim=0)


def independent_ops(a, b, c, d):
    return a.relu(), b.sigmoid(), c.tanh() * 3, d.exp() + 1


def case_mlp(dev, train=False):
    m = MLP().to(dev)
    cm = torch.compile(m)
    x = torch.randn(64, 256, device=dev, requires_grad=train)
    for _ in range(3):
        out = cm(x)
        if train:
            out.sum().backward()
    return cm, (x,)


def case_cnn_train(dev):
    m = SmallCNN().to(dev)
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    cm = torch.compile(m)
    x = torch.randn(8, 3, 32, 32, device=dev)
    target = torch.randint(0, 10, (8,), device=dev)
    for _ in range(2):
        loss = F.cross_entropy(cm(x), target)
        loss.backward()
        opt.step()
        opt.zero_grad()


def case_gpt2(dev, train=False):
    from transformers import GPT2Config, GPT2LMHeadModel

    cfg = GPT2Config(n_layer=2, n_embd=256, n_head=4, vocab_size=1000, n_positions=128)
    m = GPT2LMHeadModel(cfg).to(dev)
    if not train:
        m.eval()
    cm = torch.compile(m)
    ids = torch.randint(0, 1000, (2, 64), device=dev)
    for _ in range(2):
        if train:
            out = cm(input_ids=ids, labels=ids)
            out.loss.backward()
        else:
            with torch.no_grad():
                cm(input_ids=ids)


def case_resnet(dev):
    import torchvision

    m = torchvision.models.resnet18(weights=None).to(dev).eval()
    cm = torch.compile(m)
    x = torch.randn(2, 3, 64, 64, device=dev)
    with torch.no_grad():
        cm(x)
        cm(x)


def case_dynamic(dev):
    f = torch.compile(fused_pointwise, dynamic=True)
    for n in (32, 48, 80):
        a = torch.randn(n, 64, device=dev)
        b = torch.randn(n, 64, device=dev)
        c = torch.randn(n, 64, device=dev)
        f(a, b, c)


def case_graph_break(dev):
    f = torch.compile(with_graph_break)
    f(torch.randn(16, 32, device=dev))
    f(-torch.ones(16, 32, device=dev))


def case_combo(dev):
    import torch._inductor.config as cfg

    cfg.combo_kernels = True
    cfg.benchmark_combo_kernel = False
    f = torch.compile(independent_ops)
    xs = [torch.randn(128, 64, device=dev) for _ in range(4)]
    f(*xs)


def case_max_autotune(dev):
    f = torch.compile(lambda a, b, bias: torch.relu(a @ b + bias), mode="max-autotune-no-cudagraphs")
    a = torch.randn(256, 512, device=dev)
    b = torch.randn(512, 384, device=dev)
    bias = torch.randn(384, device=dev)
    f(a, b, bias)


def case_user_triton(dev):
    import triton
    import triton.language as tl

    @triton.jit
    def scale_add_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, x * alpha + y, mask=mask)

    def fn(x, y):
        z = torch.cos(x)
        out = torch.empty_like(z)
        n = out.numel()
        scale_add_kernel[(triton.cdiv(n, 256),)](z, y, out, n, 2.0, BLOCK=256)
        return out.relu() + 1

    f = torch.compile(fn)
    f(torch.randn(4096, device=dev), torch.randn(4096, device=dev))


def case_aoti(dev, outdir):
    m = MLP().to(dev).eval()
    x = torch.randn(64, 256, device=dev)
    ep = torch.export.export(m, (x,))
    path = torch._inductor.aoti_compile_and_package(ep, package_path=os.path.join(outdir, "mlp.pt2"))
    runner = torch._inductor.aoti_load_package(path)
    runner(x)


def case_gpt2_big_train(dev, n_layer):
    from transformers import GPT2Config, GPT2LMHeadModel

    cfg = GPT2Config(n_layer=n_layer, n_embd=768, n_head=12, vocab_size=8000, n_positions=256)
    m = GPT2LMHeadModel(cfg).to(dev)
    cm = torch.compile(m)
    ids = torch.randint(0, 8000, (2, 128), device=dev)
    out = cm(input_ids=ids, labels=ids)
    out.loss.backward()


def case_llama(dev):
    from transformers import LlamaConfig, LlamaForCausalLM

    cfg = LlamaConfig(
        hidden_size=256, intermediate_size=688, num_hidden_layers=2, num_attention_heads=4,
        num_key_value_heads=2, vocab_size=1000, max_position_embeddings=256,
    )
    m = LlamaForCausalLM(cfg).to(dev).eval()
    cm = torch.compile(m, fullgraph=False)
    ids = torch.randint(0, 1000, (2, 64), device=dev)
    with torch.no_grad():
        cm(input_ids=ids)


def case_cond(dev):
    def branchy(x, w):
        def heavy(x, w):
            return torch.tanh(x @ w).sum(dim=1)

        def light(x, w):
            return x.sin().mean(dim=1)

        return torch.cond(x.sum() > 0, heavy, light, (x, w)) * 2

    f = torch.compile(branchy)
    f(torch.randn(32, 64, device=dev), torch.randn(64, 64, device=dev))


def case_cpp_wrapper(dev):
    import torch._inductor.config as cfg

    cfg.cpp_wrapper = True
    with torch.no_grad():
        case_mlp(dev)


def case_ddp(dev, outdir, world=2):
    """Launch `world` ranks of ddp_worker like torchrun would; each writes its own rank's trace."""
    import subprocess

    procs = []
    for rank in range(world):
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(world),
                   MASTER_ADDR="127.0.0.1", MASTER_PORT="29531")
        procs.append(subprocess.Popen([sys.executable, __file__, "ddp_worker", dev, outdir], env=env))
    codes = [p.wait() for p in procs]
    if any(codes):
        raise SystemExit(f"ddp ranks failed: {codes}")


def case_ddp_worker(dev):
    import torch.distributed as dist
    from torch.nn.parallel import DistributedDataParallel as DDP

    dist.init_process_group("gloo")
    torch.manual_seed(0)
    m = DDP(MLP(d=128, h=512).to(dev), bucket_cap_mb=1)
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    cm = torch.compile(m)
    x = torch.randn(32, 128, device=dev)
    for _ in range(2):
        cm(x).sum().backward()
        opt.step()
        opt.zero_grad()
    dist.destroy_process_group()


def case_compiled_autograd(dev):
    import torch._dynamo.config as dcfg

    dcfg.compiled_autograd = True
    m = MLP(d=128, h=512).to(dev)

    @torch.compile
    def step(x):
        loss = m(x).sum()
        loss.backward()
        return loss

    x = torch.randn(32, 128, device=dev)
    for _ in range(2):
        step(x)


def _profile(dev, outdir, cm, inputs, runs=3):
    acts = [torch.profiler.ProfilerActivity.CPU]
    if dev == "cuda":
        acts.append(torch.profiler.ProfilerActivity.CUDA)
    with torch.no_grad():
        cm(*inputs)
        with torch.profiler.profile(activities=acts) as prof:
            for _ in range(runs):
                cm(*inputs)
    prof.export_chrome_trace(os.path.join(outdir, "profile_trace.json"))


def case_profile_llama(dev, outdir):
    from transformers import LlamaConfig, LlamaForCausalLM

    cfg = LlamaConfig(hidden_size=256, intermediate_size=688, num_hidden_layers=2, num_attention_heads=4,
                      num_key_value_heads=2, vocab_size=1000, max_position_embeddings=256)
    m = LlamaForCausalLM(cfg).to(dev).eval()
    ids = torch.randint(0, 1000, (2, 64), device=dev)
    _profile(dev, outdir, torch.compile(m), (ids,), runs=4)


def case_profile_resnet(dev, outdir):
    import torchvision

    m = torchvision.models.resnet18(weights=None).to(dev).eval()
    _profile(dev, outdir, torch.compile(m), (torch.randn(2, 3, 64, 64, device=dev),), runs=2)


def case_flex_attention(dev):
    from torch.nn.attention.flex_attention import flex_attention

    def causal(b, h, q_idx, kv_idx):
        return q_idx >= kv_idx

    def attn(q, k, v):
        return flex_attention(q, k, v, score_mod=lambda s, b, h, qi, ki: torch.where(causal(b, h, qi, ki), s, -float("inf")))

    f = torch.compile(attn)
    q, k, v = (torch.randn(2, 4, 128, 64, device=dev) for _ in range(3))
    f(q, k, v)


def case_reduce_overhead(dev):
    m = MLP().to(dev)
    cm = torch.compile(m, mode="reduce-overhead")
    x = torch.randn(64, 256, device=dev)
    with torch.no_grad():
        for _ in range(4):
            cm(x)


def case_recompiles(dev, n=24):
    """A GPT-2 forward recompiled for n sequence lengths (static shapes): one compile id per shape."""
    import torch._dynamo.config as dcfg
    from transformers import GPT2Config, GPT2LMHeadModel

    dcfg.cache_size_limit = 256
    dcfg.automatic_dynamic_shapes = False
    cfg = GPT2Config(n_layer=2, n_embd=256, n_head=4, vocab_size=1000, n_positions=512)
    m = GPT2LMHeadModel(cfg).to(dev).eval()
    cm = torch.compile(m, dynamic=False)
    with torch.no_grad():
        for i in range(n):
            cm(input_ids=torch.randint(0, 1000, (2, 16 + 8 * i), device=dev))


def case_profile_cnn(dev, outdir):
    """SmallCNN training steps under the profiler: forward and backward kernels with device times."""
    m = SmallCNN().to(dev)
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    cm = torch.compile(m)
    x = torch.randn(8, 3, 32, 32, device=dev)
    target = torch.randint(0, 10, (8,), device=dev)

    def step():
        loss = F.cross_entropy(cm(x), target)
        loss.backward()
        opt.step()
        opt.zero_grad()

    step()
    acts = [torch.profiler.ProfilerActivity.CPU]
    if dev == "cuda":
        acts.append(torch.profiler.ProfilerActivity.CUDA)
    with torch.profiler.profile(activities=acts) as prof:
        for _ in range(3):
            step()
    prof.export_chrome_trace(os.path.join(outdir, "profile_trace.json"))


def case_profile_mlp(dev, outdir):
    """MLP inference under the profiler."""
    m = MLP().to(dev).eval()
    _profile(dev, outdir, torch.compile(m), (torch.randn(64, 256, device=dev),), runs=5)


def case_profile(dev, outdir):
    """Compiled GPT-2 under the profiler: kernel names and durations in a Chrome trace."""
    from transformers import GPT2Config, GPT2LMHeadModel

    cfg = GPT2Config(n_layer=2, n_embd=256, n_head=4, vocab_size=1000, n_positions=128)
    m = GPT2LMHeadModel(cfg).to(dev).eval()
    cm = torch.compile(m)
    ids = torch.randint(0, 1000, (2, 64), device=dev)
    with torch.no_grad():
        cm(input_ids=ids)
        acts = [torch.profiler.ProfilerActivity.CPU]
        if dev == "cuda":
            acts.append(torch.profiler.ProfilerActivity.CUDA)
        with torch.profiler.profile(activities=acts) as prof:
            for _ in range(3):
                cm(input_ids=ids)
    prof.export_chrome_trace(os.path.join(outdir, "profile_trace.json"))


def main():
    case, dev, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
    torch.manual_seed(0)
    if case == "mlp_infer":
        with torch.no_grad():
            case_mlp(dev)
    elif case == "mlp_train":
        case_mlp(dev, train=True)
    elif case == "cnn_train":
        case_cnn_train(dev)
    elif case == "gpt2_infer":
        case_gpt2(dev)
    elif case == "gpt2_train":
        case_gpt2(dev, train=True)
    elif case == "resnet18":
        case_resnet(dev)
    elif case == "dynamic":
        case_dynamic(dev)
    elif case == "graph_break":
        case_graph_break(dev)
    elif case == "combo":
        case_combo(dev)
    elif case == "max_autotune":
        case_max_autotune(dev)
    elif case == "user_triton":
        case_user_triton(dev)
    elif case == "aoti":
        case_aoti(dev, outdir)
    elif case == "gpt2_l12_train":
        case_gpt2_big_train(dev, 12)
    elif case == "gpt2_l24_train":
        case_gpt2_big_train(dev, 24)
    elif case == "llama_infer":
        case_llama(dev)
    elif case == "cond":
        case_cond(dev)
    elif case == "cpp_wrapper":
        case_cpp_wrapper(dev)
    elif case == "ddp":
        case_ddp(dev, outdir)
        return
    elif case == "ddp_worker":
        case_ddp_worker(dev)
    elif case == "compiled_autograd":
        case_compiled_autograd(dev)
    elif case == "profile_llama":
        case_profile_llama(dev, outdir)
    elif case == "profile_resnet":
        case_profile_resnet(dev, outdir)
    elif case == "flex_attention":
        case_flex_attention(dev)
    elif case == "reduce_overhead":
        case_reduce_overhead(dev)
    elif case == "recompiles":
        case_recompiles(dev)
    elif case == "profile_mlp":
        case_profile_mlp(dev, outdir)
    elif case == "profile_cnn":
        case_profile_cnn(dev, outdir)
    elif case == "profile":
        case_profile(dev, outdir)
    else:
        raise SystemExit(f"unknown case {case}")
    if dev == "cuda":
        torch.cuda.synchronize()
    print("done", case)


if __name__ == "__main__":
    main()
