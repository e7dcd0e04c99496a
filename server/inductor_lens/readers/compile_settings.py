"""Reader of the settings a TORCH_TRACE log's compile records list: the ``inductor_config`` and
``dynamo_config`` fields of ``compilation_metrics`` (``torch/_dynamo/utils.py``
``CompilationMetrics``, PyTorch 2.5+: each a JSON object written as a string, ~30 KB a compile,
which the index's scan leaves out), and the settings the ``fx_graph_runnable`` artifact sets
(``torch/_inductor/compile_fx.py`` writes it, PyTorch 2.8+: a script whose lines
``torch._inductor.config.epilogue_fusion = False`` restore every setting that differs from its
default, ``torch.compile(options=...)`` included, which ``inductor_config`` does not show: it is
the global config, read before the options are patched in).  Read again, on demand, by
comparisons of two runs.
"""

from __future__ import annotations

import ast
import re

from .. import _json

#: a setting line of the ``fx_graph_runnable`` script (a payload line: a tab, then the text)
_RUNNABLE_SETTING = re.compile(rb"^\ttorch\._(inductor|dynamo)\.config\.([\w.]+) = (.+?)\s*$")


def read_compile_settings(path: str, limit: int = 64) -> dict[str, object]:
    """The settings the first ``compilation_metrics`` records of the log at ``path`` list
    (``inductor_config`` and ``dynamo_config``, JSON objects PyTorch 2.5+ writes into each record;
    the index's scan drops them, ~30 KB a compile), as ``inductor.<key>`` / ``dynamo.<key>`` ->
    value (scalars and short strings; the first record's value wins), overridden by what the
    ``fx_graph_runnable`` artifacts set (the options the compile ran with).  Reads the log line by
    line, at most ``limit`` ``compilation_metrics`` records; ``{}`` when unreadable or when no
    record has them."""
    out: dict[str, object] = {}
    runnable: dict[str, object] = {}
    seen = 0
    in_runnable = False
    try:
        with open(path, "rb") as fh:
            for raw in fh:
                if in_runnable:
                    if raw.startswith(b"\t"):
                        m = _RUNNABLE_SETTING.match(raw)
                        if m:
                            _runnable_setting(runnable, m)
                        continue
                    in_runnable = False
                if b'"fx_graph_runnable"' in raw[:300] and not raw.startswith(b"\t"):
                    in_runnable = True
                    continue
                if b'"compilation_metrics"' not in raw[:200] or b"_config" not in raw:
                    continue
                start = raw.find(b"{")
                try:
                    metrics = _json.loads(raw[start:]).get("compilation_metrics")
                except (ValueError, AttributeError):
                    continue
                if not isinstance(metrics, dict):
                    continue
                for key, prefix in (("inductor_config", "inductor."), ("dynamo_config", "dynamo.")):
                    for k, v in _settings(metrics.get(key), prefix).items():
                        out.setdefault(k, v)
                seen += 1
                if seen >= limit:
                    break
    except OSError:
        return {}
    out.update(runnable)  # the settings the compile ran with: options=... patched in
    return out


def _runnable_setting(into: dict[str, object], m: re.Match) -> None:
    """One ``torch._inductor.config.KEY = VALUE`` line of ``fx_graph_runnable``: ``inductor.KEY``
    -> the value (a Python literal; a value that is not one, e.g. a function, is left out); the
    first compile's value wins, as for ``compilation_metrics``."""
    key = ("inductor." if m.group(1) == b"inductor" else "dynamo.") + m.group(2).decode()
    try:
        value = ast.literal_eval(m.group(3).decode("utf-8", "replace"))
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return
    if isinstance(value, (bool, int, float)) or value is None or (isinstance(value, str) and len(value) <= 200):
        into.setdefault(key, value)


def _settings(value, prefix: str) -> dict[str, object]:
    """The scalar settings of a ``compilation_metrics`` config field (a JSON object, written as a
    string; ``{}`` when absent or not JSON), keys prefixed."""
    if isinstance(value, str):
        try:
            value = _json.loads(value)
        except ValueError:
            return {}
    if not isinstance(value, dict):
        return {}
    return {
        prefix + str(k): v
        for k, v in value.items()
        if isinstance(v, (bool, int, float)) or v is None or (isinstance(v, str) and len(v) <= 200)
    }
