"""Write a run's copy of train.py: the base with a user's edits (`python3 variant.py NAME > train.py`).

Each edit replaces one whole line by one or more lines, as a user editing the file would."""
import sys
from pathlib import Path

BASE = Path(__file__).with_name("train.py").read_text()
FF = "        h = F.gelu(self.fc1(x))\n"
SDPA = "        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)\n"
TF_COMPILE = "        cmodel = torch.compile(model)\n        forward = cmodel\n"
LLAMA_COMPILE = "        cmodel = torch.compile(model)\n        forward = lambda idx: cmodel(idx).logits\n"
EDITS = {
    "plain": [],
    # a .item() test added in the feed-forward, the line above it edited
    "item": [(FF, "        h = F.gelu(self.fc1(x), approximate=\"tanh\")\n"
                  "        if h.abs().max().item() > 1e4:\n"
                  "            h = h.clamp(-1e4, 1e4)\n")],
    # an explicit mask, built on a new line above the attention call
    "mask": [(SDPA, "        mask = torch.ones(t, t, device=x.device, dtype=torch.bool).tril()\n"
                    "        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)\n")],
    "opts": [(TF_COMPILE, "        cmodel = torch.compile(model, options={\"epilogue_fusion\": False, \"shape_padding\": False})\n"
                          "        forward = cmodel\n")],
    "ro": [(TF_COMPILE, "        cmodel = torch.compile(model, mode=\"reduce-overhead\")\n        forward = cmodel\n"),
           ("    logits = forward(idx)\n", "    torch.compiler.cudagraph_mark_step_begin()\n    logits = forward(idx)\n")],
    "bs": [("BATCH = 16\n", "BATCH = 32\n")],
    "regional": [(LLAMA_COMPILE, "        for layer in model.model.layers:\n            layer.compile()\n"
                                 "        forward = lambda idx: model(idx).logits\n")],
    "mk": [("import torch.nn.functional as F\n",
            "import torch.nn.functional as F\nimport torch._inductor.config\n\n"
            "torch._inductor.config.triton.multi_kernel = 1\n")],
}


def make(name):
    text = BASE
    for old, new in EDITS[name]:
        assert text.count(old) == 1, (name, old)
        text = text.replace(old, new)
    return text


if __name__ == "__main__":
    sys.stdout.write(make(sys.argv[1]))
