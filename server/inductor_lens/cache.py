"""The cache folder: extracted copies of texts that exist only inside a trace.

Editors need real files to open, so output code, AOT kernel code and FX graphs read from a log
are written once into ``<cache>/extracted/<md5>/<name>`` (content-addressed: the same text from
another rank or another run reuses the same file).  The default root is platformdirs'
user cache folder for ``inductor-lens``; ``--cache-dir`` / ``INDUCTOR_LENS_CACHE`` override it.
Nothing is ever written outside this folder.
"""

from __future__ import annotations

import hashlib
import os
import tempfile

import platformdirs


def default_cache_dir() -> str:
    """``$INDUCTOR_LENS_CACHE`` or the platform's user cache folder for ``inductor-lens``."""
    return os.environ.get("INDUCTOR_LENS_CACHE") or platformdirs.user_cache_dir("inductor-lens", appauthor=False)


class Cache:
    """A cache folder rooted at ``root`` (created on first write)."""

    def __init__(self, root: str | None = None) -> None:
        self.root = os.path.abspath(root or default_cache_dir())

    def extracted_path(self, text: str, name: str, md5: str | None = None) -> str:
        """Where ``text`` is (or will be) extracted; ``md5`` is its UTF-8 MD5 when already known."""
        digest = md5 or hashlib.md5(text.encode("utf-8")).hexdigest()
        folder = os.path.join(self.root, "extracted", digest)
        if os.path.isdir(folder):
            existing = sorted(os.listdir(folder))
            if existing:
                return os.path.join(folder, existing[0])
        return os.path.join(folder, name)

    def extract(self, text: str, name: str, md5: str | None = None) -> str:
        """Write ``text`` once (atomically) and return the file's path.  Raises ``OSError``."""
        path = self.extracted_path(text, name, md5)
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
                    fh.write(text)
                os.replace(tmp, path)
            except BaseException:
                if os.path.exists(tmp):
                    os.unlink(tmp)
                raise
        return path
