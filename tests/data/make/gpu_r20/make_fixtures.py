"""Copy the round-20 GPU traces (made by run_r20.py on an H200, extracted to SRC) into
tests/data/pairs/torch-2.11-cuda/<case>/: each log trimmed by scripts/trim_trace.py (whole records
the lens does not read left out, kept records byte for byte), the profile if any,
the case's model file when it is not ``tests/data/pairs/models.py`` (the edited CNN), and from its Inductor cache only the folders that hold a ``.best_config``
(the chosen config, and the kernel file beside it; no Triton binaries).

    python tests/data/make/gpu_r20/make_fixtures.py SRC CASE [CASE ...]
"""

import glob
import os
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
DEST = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda")


def main(src: str, cases: list[str]) -> None:
    for case in cases:
        here, there = os.path.join(src, case), os.path.join(DEST, case)
        shutil.rmtree(there, ignore_errors=True)
        os.makedirs(os.path.join(there, "trace"))
        for log in glob.glob(os.path.join(here, "trace", "*.log")):
            subprocess.run([sys.executable, os.path.join(REPO, "scripts", "trim_trace.py"), log,
                            os.path.join(there, "trace", os.path.basename(log))], check=True)
        for name in ("profile_trace.json", "profile_trace.json.gz"):
            if os.path.isfile(os.path.join(here, name)):
                shutil.copy(os.path.join(here, name), os.path.join(there, name))
        model = os.path.join(here, "models.py")  # only a model file that is not tests/data/pairs/models.py (the edit)
        shared = os.path.join(os.path.dirname(DEST), "models.py")
        if os.path.isfile(model) and (not os.path.isfile(shared) or open(model, "rb").read() != open(shared, "rb").read()):
            shutil.copy(model, os.path.join(there, "models.py"))
        for best in glob.glob(os.path.join(here, "inductor_cache", "*", "*.best_config")):
            folder = os.path.dirname(best)
            out = os.path.join(there, "inductor_cache", os.path.basename(folder))
            os.makedirs(out, exist_ok=True)
            for f in os.listdir(folder):
                if f.endswith((".py", ".best_config")):
                    shutil.copy(os.path.join(folder, f), os.path.join(out, f))
        print(case, sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(there) for f in fs) // 1024, "KB")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
