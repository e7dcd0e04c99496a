"""``python -m inductor_lens`` = the ``inductor-lens`` command."""

import sys

from .cli import main

sys.exit(main())
