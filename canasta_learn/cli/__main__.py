"""``python -m canasta_learn.cli``: the ``canasta-learn`` command, where the script is not on PATH."""

import sys

from . import main

sys.exit(main())
