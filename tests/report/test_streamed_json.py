"""``report --json`` is written piece by piece (``_json.stream_document``: each value serialized when
made, the kernels 256 at a time, a thread writing while the next piece is made) and gives the bytes
one serialization of the whole document gives: on real traces (the whole document of
gpt2_l12_train, 438 kernels, and of recompiles_health), on odd values (empty arrays and objects,
nested arrays, non-ASCII text, a chunk boundary), and when text orjson refuses (a file name that is
not UTF-8) comes first (the whole document then as before) or later (escaped from there on)."""

from __future__ import annotations

import io
import json
import os

import pytest
from conftest import case_dir
from inductor_lens import _json
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.report.json_report import document_items, index_json


class _Out(io.TextIOWrapper):
    def __init__(self) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8")


def _whole(doc) -> bytes:
    out = _Out()
    _json.write_document(doc, out)
    return out.buffer.getvalue()


def _streamed(items) -> bytes:
    out = _Out()
    _json.stream_document(items, out)
    return out.buffer.getvalue()


@pytest.mark.parametrize("case", ["torch-2.11-cuda/gpt2_l12_train", "torch-2.14-cpu/recompiles_health"])
def test_a_real_report_streamed_is_the_whole_documents_bytes(tmp_path, case):
    index = load([case_dir(case)], Cache(str(tmp_path)))
    whole = _whole(index_json(index, None))
    again = load([case_dir(case)], Cache(str(tmp_path)))
    streamed = _streamed(document_items(again, None))
    assert streamed == whole and len(json.loads(streamed)["kernels"]) == len(index.kernels) > 10


_ODD = [
    [("a", 1)],
    [("a", []), ("b", ()), ("c", {}), ("d", None)],
    [("é", "ü"), ("k", ({"x": [1, [2, {}]], "y": "\n\t"},) * 5), ("z", [[], [{}], 1.5e-7])],
    [("k", tuple({"n": n, "s": "ΣΣ"} for n in range(_json.STREAM_CHUNK * 2 + 1))), ("after", {"q": [1, 2]})],
    [("k", (1, 2, 3))],
]


@pytest.mark.parametrize("items", _ODD)
def test_odd_values_stream_as_one_serialization(items):
    """(a tuple stands for an iterator: streamed item by item)"""
    doc = {key: list(value) if isinstance(value, tuple) else value for key, value in items}
    assert _streamed((key, iter(value) if isinstance(value, tuple) else value) for key, value in items) == _whole(doc)


def test_text_orjson_refuses(tmp_path):
    bad = os.fsdecode(b"/tmp/\xff\xfe.log")
    first = [("path", bad), ("k", iter([{"p": "é"}]))]
    assert _streamed(iter(first)) == _whole({"path": bad, "k": [{"p": "é"}]})  # the whole document, as before
    later = _streamed(iter([("a", "é"), ("k", iter([{"p": bad}]))]))
    assert json.loads(later) == {"a": "é", "k": [{"p": bad}]} and b"\\udcff\\udcfe" in later


def test_a_writing_error_is_raised_in_the_caller():
    class Closed(io.TextIOWrapper):
        def __init__(self) -> None:
            super().__init__(io.BytesIO(), encoding="utf-8")

    out = Closed()
    out.buffer.close()
    with pytest.raises(ValueError):
        _json.stream_document(iter([("a", 1), ("k", iter(range(_json.STREAM_CHUNK * 40)))]), out)  # (more pieces than may wait)


def test_no_fragments_where_no_kernel_shares_its_content(tmp_path):
    """gpt2_l12_train has no copies: the kernels are written as they are, none from a fragment
    (copies are in test_copied_graphs.py)."""
    index = load([case_dir("torch-2.11-cuda/gpt2_l12_train")], Cache(str(tmp_path)))
    whole = _whole(index_json(index, None))
    again = load([case_dir("torch-2.11-cuda/gpt2_l12_train")], Cache(str(tmp_path)))
    pre = _json.Preserialized(depth=3)
    out = _Out()
    _json.stream_document(document_items(again, None, None, pre), out, pre)
    assert out.buffer.getvalue() == whole and not pre._values


_RECURRING = [[], {}, [{"a": [1, {"b": "é\n"}], "c": None}], "ΣΣ", [[[]]], 1.5e-7]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
@pytest.mark.parametrize("value", _RECURRING)
def test_a_fragment_is_the_bytes_its_value_has_at_its_depth(value, depth):
    def at(v):  # `v` as the value of a key indented by 2 * depth spaces in {"k": ...}
        levels = depth - 1
        while levels >= 2:  # an object in an array: two levels (as a kernel's keys in "kernels")
            v, levels = [{"x": v}], levels - 2
        return {"w": v} if levels else v

    pre = _json.Preserialized(depth=depth)
    fragment = pre.of(value)
    assert fragment is not value and pre.original(fragment) is value
    assert _whole({"k": at(fragment)}) == _whole({"k": at(value)})
    assert _streamed([("k", at(fragment))]) == _whole({"k": at(value)})


def test_fragments_where_the_standard_library_writes():
    """Text orjson refuses, first (the whole document is made, then written by orjson, or by the
    standard library where orjson refuses) or in a later value (that value escaped): a fragment is
    written as its value."""
    bad = os.fsdecode(b"/tmp/\xff.log")
    value = [{"p": "é", "n": [1, 2]}]
    pre = _json.Preserialized(depth=3)
    fragment = pre.of(value)
    with pytest.raises(TypeError):
        pre.original(object())
    cases = [
        ([("path", bad), ("k", iter([{"x": fragment}]))], {"path": bad, "k": [{"x": value}]}),
        ([("a", 1), ("k", iter([{"x": fragment}, {"x": fragment, "b": bad}]))], {"a": 1, "k": [{"x": value}, {"x": value, "b": bad}]}),
    ]
    for items, expected in cases:
        out = _Out()
        _json.stream_document(iter(items), out, pre)
        assert json.loads(out.buffer.getvalue()) == json.loads(json.dumps(expected))
    assert pre.of(bad) == bad  # text orjson refuses is no fragment


def _made(value) -> _json.Made:
    made = _json.item_bytes(value)
    assert made is not None
    half = len(made) // 2  # (its pieces are joined: any cut gives the same bytes)
    return _json.Made((made[:half], made[half:]), lambda: value)


@pytest.mark.parametrize("at", [0, 1, _json.STREAM_CHUNK - 1, _json.STREAM_CHUNK, _json.STREAM_CHUNK + 1])
def test_items_written_from_their_bytes_are_one_serialization(at):
    """A streamed array's :class:`_json.Made` items (serialized where they are written, beside
    values serialized in the chunk: first, last, alone, across a chunk's end) give the bytes of
    one serialization of the document with their values."""
    values = [{"k": i, "v": [i, {"é": None}], "e": {}} for i in range(_json.STREAM_CHUNK + 2)]
    items = [_made(v) if i in (at, at + 1) or i % 7 == 3 else v for i, v in enumerate(values)]
    assert sum(type(i) is _json.Made for i in items) >= 2
    assert _streamed(iter([("a", [1]), ("k", iter(items)), ("z", {})])) == _whole({"a": [1], "k": values, "z": {}})
    assert _streamed(iter([("k", iter([_made(values[0])]))])) == _whole({"k": values[:1]})


def test_items_written_from_their_bytes_where_the_standard_library_writes():
    """Text orjson refuses first (the whole document is made by the standard library): a
    :class:`_json.Made` item is written as the value it makes again; in a later chunk item
    (that item escaped), the items beside it as made."""
    bad = os.fsdecode(b"/tmp/\xff.log")
    value = {"p": "é", "n": [1, 2]}
    out = _streamed(iter([("path", bad), ("k", iter([_made(value), {"x": 1}]))]))
    assert json.loads(out) == json.loads(json.dumps({"path": bad, "k": [value, {"x": 1}]}))
    out = _streamed(iter([("a", 1), ("k", iter([_made(value), {"b": bad}, _made(value)]))]))
    assert json.loads(out) == json.loads(json.dumps({"a": 1, "k": [value, {"b": bad}, value]})) and b"\\udcff" in out
    assert _json.item_bytes({"b": bad}) is None  # text orjson refuses is made by no one else
