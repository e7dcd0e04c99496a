"""Start-up hook of ``inductor-lens capture``: Python imports ``sitecustomize`` at start-up from
the first folder of ``sys.path`` that has one, and ``capture`` puts this folder first on the
command's ``PYTHONPATH``, so every Python process the command starts (``python train.py``, each
``torchrun`` worker, ``pytest``) runs :func:`_inductor_lens_capture.install` before the user's code.
The user's code is not touched.  Then the ``sitecustomize`` this one hides (the next one on
``sys.path``, e.g. a distribution's) is run too.

Nothing here may stop the user's program: failures are printed to stderr and ignored.  It must
import on any Python 3 that PyTorch runs on, and imports nothing heavy (no torch).
"""

import os
import sys


def _run_hidden_sitecustomize() -> None:
    """Execute the next ``sitecustomize`` on ``sys.path`` after this folder, if there is one."""
    import importlib.machinery
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None or spec.origin == os.path.abspath(__file__):
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


if os.environ.get("INDUCTOR_LENS_CAPTURE"):
    try:
        import _inductor_lens_capture  # type: ignore[import-not-found]  # beside this file

        _inductor_lens_capture.install()
    except Exception as exc:  # never break the user's program
        sys.stderr.write(f"inductor-lens capture: the start-up hook failed ({exc!r}); the run is not profiled\n")

try:
    _run_hidden_sitecustomize()
except Exception as exc:
    sys.stderr.write(f"inductor-lens capture: the environment's own sitecustomize failed: {exc!r}\n")
