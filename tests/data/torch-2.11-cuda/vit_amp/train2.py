"""Round 45b: training loops of other shapes than round 45's, profiled as people profile them.

    python3 train2.py vit|gpt2|tf OUTDIR

* ``vit``: timm's ``vit_tiny_patch16_224`` (random weights) under bf16 autocast, fused AdamW, an
  ``nn.CrossEntropyLoss`` module with label smoothing, the loss logged with ``.item()`` each step;
* ``gpt2``: transformers' GPT-2 (6 layers) under fp16 autocast with a ``GradScaler`` (unscale, clip
  the gradients' norm, ``scaler.step``), the loss computed inside the model (``labels=``); its
  profile with stacks also records memory (``profile_memory=True``);
* ``tf``: the transformer of ``blocks.py`` (a file of its own) with two micro-batches accumulated
  per step and the optimizer's step compiled too (``torch.compile(opt.step)``).

The training step is a method of ``Trainer``.  Three steps compile and warm up outside the
profiler, then ``schedule(wait=1, warmup=2, active=5)`` with ``prof.step()`` each step, once with
Python stacks (``OUTDIR/profile_trace.json``) and once without (``OUTDIR/nostack/``), one run at a
time (``PROFILE_LOCK``) after every run has compiled (``READY_DIR``, ``RUNS``).
"""
import fcntl
import os
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def build(kind):
    if kind == "vit":
        import timm
        model = timm.create_model("vit_tiny_patch16_224", pretrained=False, num_classes=100).cuda()
        data = (torch.randn(64, 3, 224, 224, device="cuda"), torch.randint(0, 100, (64,), device="cuda"))
    elif kind == "gpt2":
        from transformers import GPT2Config, GPT2LMHeadModel
        cfg = GPT2Config(vocab_size=8192, n_positions=256, n_embd=384, n_layer=6, n_head=6)
        model = GPT2LMHeadModel(cfg).cuda()
        idx = torch.randint(0, 8192, (16, 256), device="cuda")
        data = (idx, idx.clone())
    else:
        from blocks import VOCAB, Transformer
        model = Transformer().cuda()
        data = (torch.randint(0, VOCAB, (16, 256), device="cuda"), torch.randint(0, VOCAB, (16, 256), device="cuda"))
    return model, data


class Trainer:
    def __init__(self, kind):
        self.kind = kind
        self.model, self.data = build(kind)
        self.compiled = torch.compile(self.model)
        self.losses = []
        if kind == "vit":
            self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-4, fused=True)
            self.criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
        elif kind == "gpt2":
            self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-4)
            self.scaler = torch.amp.GradScaler("cuda")
        else:
            self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-4, foreach=True)
            self.opt_step = torch.compile(self.opt.step)

    def step(self):
        getattr(self, "step_" + self.kind)()

    def step_vit(self):
        x, y = self.data
        with torch.autocast("cuda", dtype=torch.bfloat16):
            logits = self.compiled(x)
            loss = self.criterion(logits, y)
        loss.backward()
        self.opt.step()
        self.opt.zero_grad(set_to_none=True)
        self.losses.append(loss.item())

    def step_gpt2(self):
        idx, labels = self.data
        with torch.autocast("cuda", dtype=torch.float16):
            out = self.compiled(idx, labels=labels)
        self.scaler.scale(out.loss).backward()
        self.scaler.unscale_(self.opt)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.scaler.step(self.opt)
        self.scaler.update()
        self.opt.zero_grad(set_to_none=True)

    def step_tf(self):
        idx, labels = self.data
        for micro in range(2):
            logits = self.compiled(idx[micro::2])
            loss = F.cross_entropy(logits.flatten(0, 1), labels[micro::2].flatten()) / 2
            loss.backward()
        self.opt_step()
        self.opt.zero_grad(set_to_none=True)


def profile(trainer, path, stacks, memory=False):
    from torch.profiler import ProfilerActivity, schedule
    with torch.profiler.profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
                                schedule=schedule(wait=1, warmup=2, active=5), record_shapes=True,
                                with_stack=stacks, profile_memory=memory,
                                on_trace_ready=lambda p: p.export_chrome_trace(path)) as prof:
        for _ in range(8):
            trainer.step()
            prof.step()
    torch.cuda.synchronize()


def barrier(folder, runs, limit_s=360):
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
    trainer = Trainer(kind)
    for _ in range(3):
        trainer.step()
    torch.cuda.synchronize()
    barrier(os.environ.get("READY_DIR"), int(os.environ.get("RUNS", "1")))
    lock = open(os.environ.get("PROFILE_LOCK", "/tmp/profile.lock"), "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        profile(trainer, os.path.join(outdir, "profile_trace.json"), stacks=True, memory=kind == "gpt2")
        os.makedirs(os.path.join(outdir, "nostack"), exist_ok=True)
        profile(trainer, os.path.join(outdir, "nostack", "profile_trace.json"), stacks=False)
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
