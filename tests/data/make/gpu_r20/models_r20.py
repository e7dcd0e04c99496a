"""Round-20 workloads for the Inductor Lens traces (runs as /workspace/proj/models_r20.py).

Run one case:  python models_r20.py CASE DEVICE OUTDIR
The caller sets TORCH_TRACE, INDUCTOR_PROVENANCE and friends in the environment.
Cases that vary only how models.py's own workloads are compiled (max-autotune, dynamic=True) call
models.py's case functions unchanged, so their model lines are models.py's lines.
"""
import functools
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

import models


class LNConv(nn.Module):
    """Conv -> channels-last LayerNorm (permute, layer_norm, permute back) -> Conv -> GELU -> mean -> Linear."""

    def __init__(self, c1=32, c2=64, classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, c1, 3, padding=1)
        self.norm = nn.LayerNorm(c1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.head = nn.Linear(c2, classes)

    def forward(self, x):
        x = self.conv1(x)
        x = x.permute(0, 2, 3, 1)
        x = self.norm(x)
        x = x.permute(0, 3, 1, 2)
        x = F.gelu(self.conv2(x))
        x = x.mean(dim=(2, 3))
        return self.head(x)


def _compile_with(**options):
    """Make every torch.compile call in this process use `options` (e.g. mode=, dynamic=)."""
    torch.compile = functools.partial(torch.compile, **options)


def _activities(dev):
    acts = [torch.profiler.ProfilerActivity.CPU]
    if dev == "cuda":
        acts.append(torch.profiler.ProfilerActivity.CUDA)
    return acts


def _profile_steps(dev, outdir, step, runs=3):
    step()
    with torch.profiler.profile(activities=_activities(dev)) as prof:
        for _ in range(runs):
            step()
    if dev == "cuda":
        torch.cuda.synchronize()
    prof.export_chrome_trace(os.path.join(outdir, "profile_trace.json"))


def _gpt2(dev):
    from transformers import GPT2Config, GPT2LMHeadModel

    cfg = GPT2Config(n_layer=2, n_embd=256, n_head=4, vocab_size=1000, n_positions=128)
    return GPT2LMHeadModel(cfg).to(dev)


def case_gpt2_train_batch(dev, batch):
    """models.py gpt2_train with another batch size (same sequence length 64)."""
    m = _gpt2(dev)
    cm = torch.compile(m)
    ids = torch.randint(0, 1000, (batch, 64), device=dev)
    for _ in range(2):
        out = cm(input_ids=ids, labels=ids)
        out.loss.backward()


def case_profile_gpt2_train(dev, outdir):
    """GPT-2 (2 layers) training under the profiler: a warm-up step, then 3 profiled steps."""
    m = _gpt2(dev)
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    cm = torch.compile(m)
    ids = torch.randint(0, 1000, (2, 64), device=dev)

    def step():
        out = cm(input_ids=ids, labels=ids)
        out.loss.backward()
        opt.step()
        opt.zero_grad()

    _profile_steps(dev, outdir, step)


def _convnext(dev):
    import timm

    return timm.create_model("convnext_atto", pretrained=False, num_classes=10).to(dev)


def _convnext_step(dev):
    m = _convnext(dev)
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    cm = torch.compile(m)
    x = torch.randn(4, 3, 64, 64, device=dev)
    target = torch.randint(0, 10, (4,), device=dev)

    def step():
        out = cm(x)
        loss = F.cross_entropy(out, target)
        loss.backward()
        opt.step()
        opt.zero_grad()

    return step


def case_convnext_train(dev):
    step = _convnext_step(dev)
    for _ in range(2):
        step()


def case_profile_convnext_train(dev, outdir):
    _profile_steps(dev, outdir, _convnext_step(dev))


def _bert_step(dev):
    from transformers import BertConfig, BertForSequenceClassification

    cfg = BertConfig(num_hidden_layers=2, hidden_size=128, num_attention_heads=2, intermediate_size=256,
                     vocab_size=1000, max_position_embeddings=128, num_labels=2)
    m = BertForSequenceClassification(cfg).to(dev)
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    cm = torch.compile(m)
    ids = torch.randint(0, 1000, (4, 32), device=dev)
    mask = torch.ones(4, 32, dtype=torch.long, device=dev)
    labels = torch.randint(0, 2, (4,), device=dev)

    def step():
        out = cm(input_ids=ids, attention_mask=mask, labels=labels)
        out.loss.backward()
        opt.step()
        opt.zero_grad()

    return step


def case_bert_train(dev):
    step = _bert_step(dev)
    for _ in range(2):
        step()


def case_profile_bert_train(dev, outdir):
    _profile_steps(dev, outdir, _bert_step(dev))


def case_ln_conv_train(dev):
    m = LNConv().to(dev)
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    cm = torch.compile(m)
    x = torch.randn(8, 3, 32, 32, device=dev)
    target = torch.randint(0, 10, (8,), device=dev)
    for _ in range(2):
        out = cm(x)
        loss = F.cross_entropy(out, target)
        loss.backward()
        opt.step()
        opt.zero_grad()


def main():
    case, dev, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
    torch.manual_seed(0)
    if case == "mlp_train_autotune":
        _compile_with(mode="max-autotune-no-cudagraphs")
        models.case_mlp(dev, train=True)
    elif case == "mlp_train_dynamic":
        _compile_with(dynamic=True)
        models.case_mlp(dev, train=True)
    elif case == "gpt2_train_b8":
        case_gpt2_train_batch(dev, 8)
    elif case == "profile_gpt2_train":
        case_profile_gpt2_train(dev, outdir)
    elif case == "convnext_train":
        case_convnext_train(dev)
    elif case == "profile_convnext_train":
        case_profile_convnext_train(dev, outdir)
    elif case == "bert_train":
        case_bert_train(dev)
    elif case == "profile_bert_train":
        case_profile_bert_train(dev, outdir)
    elif case == "ln_conv_train":
        case_ln_conv_train(dev)
    else:
        raise SystemExit(f"unknown case {case}")
    if dev == "cuda":
        torch.cuda.synchronize()
    print("done", case)


if __name__ == "__main__":
    main()
