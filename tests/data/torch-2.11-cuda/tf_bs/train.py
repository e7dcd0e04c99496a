"""A training loop profiled as people profile one (issues 45, 46, 48 of round 45).

    python3 train.py tf|llama|mk OUTDIR

The model file the traces point at (``/workspace/proj/train.py``); ``variant.py`` makes each run's
copy by editing lines, as a user would, and the run folder keeps the copy that ran.  A step is
forward, loss, backward and optimizer step; three steps compile and warm up outside the profiler,
then ``torch.profiler`` records ``schedule(wait=1, warmup=2, active=5)`` with ``prof.step()`` each
step, once with Python stacks (``OUTDIR/profile_trace.json``) and once without
(``OUTDIR/nostack/profile_trace.json``).  ``PROFILE_LOCK`` names a file locked around the two
profiles, so runs compiled side by side are profiled one at a time, and ``READY_DIR`` with
``RUNS`` a barrier: no run is profiled before every run has compiled (no compile beside a profile).
"""
import fcntl
import os
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 32
SEQ = 256
VOCAB = 8192


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def attention(self, x):
        b, t, d = x.shape
        qkv = self.qkv(x).view(b, t, 3, self.heads, d // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))

    def feed_forward(self, x):
        h = F.gelu(self.fc1(x))
        return self.fc2(h)

    def forward(self, x):
        x = x + self.attention(self.ln1(x))
        return x + self.feed_forward(self.ln2(x))


class Transformer(nn.Module):
    def __init__(self, d=512, heads=8, layers=4):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, d)
        self.blocks = nn.ModuleList([Block(d, heads) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, VOCAB, bias=False)

    def forward(self, idx):
        x = self.embed(idx)
        for block in self.blocks:
            x = block(x)
        return self.head(self.ln_f(x))


def make_llama():
    from transformers import LlamaConfig, LlamaForCausalLM
    cfg = LlamaConfig(vocab_size=VOCAB, hidden_size=512, intermediate_size=1408, num_hidden_layers=8,
                      num_attention_heads=8, num_key_value_heads=8, max_position_embeddings=SEQ)
    return LlamaForCausalLM(cfg)


def build(kind):
    if kind == "llama":
        model = make_llama().cuda()
        cmodel = torch.compile(model)
        forward = lambda idx: cmodel(idx).logits
    else:
        model = Transformer().cuda()
        cmodel = torch.compile(model)
        forward = cmodel
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    return model, forward, opt


def train_step(forward, opt, idx, labels):
    logits = forward(idx)
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1))
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
    return loss


def profile(step, path, stacks):
    from torch.profiler import ProfilerActivity, schedule
    activities = [ProfilerActivity.CPU, ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=activities, schedule=schedule(wait=1, warmup=2, active=5),
                                record_shapes=True, with_stack=stacks,
                                on_trace_ready=lambda p: p.export_chrome_trace(path)) as prof:
        for _ in range(8):
            step()
            prof.step()
    torch.cuda.synchronize()


def barrier(folder, runs, limit_s=300):
    if not folder:
        return
    os.makedirs(folder, exist_ok=True)
    open(os.path.join(folder, str(os.getpid())), "w").close()
    t0 = time.time()
    while len(os.listdir(folder)) < runs and time.time() - t0 < limit_s:
        time.sleep(0.5)


def main(kind, outdir):
    torch.manual_seed(0)
    torch.set_float32_matmul_precision("high")
    model, forward, opt = build(kind)
    idx = torch.randint(0, VOCAB, (BATCH, SEQ), device="cuda")
    labels = torch.randint(0, VOCAB, (BATCH, SEQ), device="cuda")
    step = lambda: train_step(forward, opt, idx, labels)
    for _ in range(3):
        step()
    torch.cuda.synchronize()
    if kind == "mk":
        return
    barrier(os.environ.get("READY_DIR"), int(os.environ.get("RUNS", "1")))
    lock = open(os.environ.get("PROFILE_LOCK", "/tmp/profile.lock"), "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        profile(step, os.path.join(outdir, "profile_trace.json"), stacks=True)
        os.makedirs(os.path.join(outdir, "nostack"), exist_ok=True)
        profile(step, os.path.join(outdir, "nostack", "profile_trace.json"), stacks=False)
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
