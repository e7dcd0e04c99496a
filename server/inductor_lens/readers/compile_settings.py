"""Reader of the settings a TORCH_TRACE log's compile records list: the ``inductor_config`` and
``dynamo_config`` fields of ``compilation_metrics`` (``torch/_dynamo/utils.py``
``CompilationMetrics``, PyTorch 2.5+: each a JSON object written as a string, ~30 KB a compile,
which the index's scan leaves out).  Read again, on demand, by comparisons of two runs.
"""

from __future__ import annotations

from .. import _json


def read_compile_settings(path: str, limit: int = 64) -> dict[str, object]:
    """The settings the first ``compilation_metrics`` records of the log at ``path`` list
    (``inductor_config`` and ``dynamo_config``, JSON objects PyTorch 2.5+ writes into each record;
    the index's scan drops them, ~30 KB a compile), as ``inductor.<key>`` / ``dynamo.<key>`` ->
    value (scalars and short strings; the first record's value wins).  Reads the log line by line,
    at most ``limit`` such records; ``{}`` when unreadable or when no record has them."""
    out: dict[str, object] = {}
    seen = 0
    try:
        with open(path, "rb") as fh:
            for raw in fh:
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
    return out


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
