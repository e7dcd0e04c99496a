"""The saved answers' size bound and the removal of what killed runs left in the cache folder.

``<cache>/report/`` (:mod:`.report_cache`) keeps one entry per report key: a ``.head`` and the
``.out`` it names (170 MB for the 342 MB log's JSON).  The same log reported from three folders is
three keys, so the folder grows with every new working folder, terminal width or flag.  After every
saved answer, :func:`evict` removes the least recently used entries (a replay touches its head:
:func:`touch`) until the folder holds at most :func:`report_bound` bytes:
``$INDUCTOR_LENS_REPORT_CACHE_GB`` gigabytes (decimal: 10^9 bytes; ``0.5`` is 500 MB; ``0`` keeps
no answer), 1 GB when unset or not a number.  An answer bigger than the bound is not saved.

A run killed by SIGKILL (or SIGTERM in a forked child before it could clean up) leaves the
``.tmp-<pid>-<n>-<name>`` file of an atomic write (:func:`.cache._temp_beside`).  :func:`sweep_orphans`,
run by every report that records, removes those whose process is gone.
"""

from __future__ import annotations

import os
import re

#: the saved answers' bound when ``$INDUCTOR_LENS_REPORT_CACHE_GB`` is unset: 1 GB (10^9 bytes)
DEFAULT_GB = 1.0
#: an atomic write's temporary file: ``.tmp-<pid>-<attempt>-<name>`` (``cache._temp_beside``)
_TEMP = re.compile(r"\.tmp-(\d+)-\d+-")


def report_bound() -> int:
    """The saved answers' bound in bytes: ``$INDUCTOR_LENS_REPORT_CACHE_GB`` (a decimal number of
    gigabytes, 10^9 bytes each; negative counts as 0), else :data:`DEFAULT_GB`."""
    try:
        gb = float(os.environ["INDUCTOR_LENS_REPORT_CACHE_GB"])
    except (KeyError, ValueError):
        gb = DEFAULT_GB
    if gb != gb:  # NaN
        gb = DEFAULT_GB
    return max(0, int(gb * 1e9)) if gb != float("inf") else 1 << 62


def touch(path: str) -> None:
    """Mark a saved answer's head used now (its mtime is its last use); a failure is no error."""
    try:
        os.utime(path)
    except OSError:
        pass


def _entries(folder: str) -> dict[str, list]:
    """``{entry name: [last use (ns), bytes, [paths]]}`` of ``<cache>/report``: an entry is the files
    that start with its key's SHA-1 and a dot; its last use is its head's mtime (its newest file's
    when it has no head).  Temporary files are not entries."""
    found: dict[str, list] = {}
    try:
        scan = os.scandir(folder)
    except OSError:
        return found
    with scan:
        for item in scan:
            if item.name.startswith("."):
                continue
            try:
                st = item.stat(follow_symlinks=False)
            except OSError:
                continue
            name = item.name.split(".", 1)[0]
            entry = found.setdefault(name, [0, 0, [], False])
            entry[1] += st.st_size
            entry[2].append(item.path)
            if item.name.endswith(".head"):
                entry[0], entry[3] = st.st_mtime_ns, True
            elif not entry[3]:
                entry[0] = max(entry[0], st.st_mtime_ns)
    return found


def evict(folder: str, bound: int, keep: str | None = None) -> int:
    """Remove the least recently used entries of ``folder`` (``<cache>/report``) until the rest
    hold at most ``bound`` bytes; ``keep`` (the entry just saved) goes last.  Returns the bytes left."""
    entries = _entries(folder)
    total = sum(e[1] for e in entries.values())
    for _name, (_, size, paths, _) in sorted(entries.items(), key=lambda kv: (kv[0] == keep, kv[1][0])):
        if total <= bound:
            break
        for path in sorted(paths, key=lambda p: not p.endswith(".head")):  # the head first: never a head without its .out
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
            except OSError:
                continue
        total -= size
    return total


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def sweep_orphans(root: str) -> int:
    """Remove the ``.tmp-<pid>-...`` files whose process is gone from ``root``'s ``report``,
    ``index``, ``derived/<kind>`` and ``extracted/<md5>`` folders.  Returns how many were removed;
    nothing here raises."""
    folders = [os.path.join(root, "report"), os.path.join(root, "index")]
    for parent in ("derived", "extracted"):
        try:
            with os.scandir(os.path.join(root, parent)) as scan:
                folders += [d.path for d in scan if d.is_dir(follow_symlinks=False)]
        except OSError:
            pass
    removed = 0
    for folder in folders:
        try:
            names = [n for n in os.listdir(folder) if n.startswith(".tmp-")]
        except OSError:
            continue
        for name in names:
            match = _TEMP.match(name)
            if match is None or _alive(int(match.group(1))):
                continue
            try:
                os.unlink(os.path.join(folder, name))
                removed += 1
            except OSError:
                pass
    return removed
