"""``python -m celestix``: the terminal client. See ``celestix.cli``."""

from __future__ import annotations

import sys

from celestix.cli import main

if __name__ == "__main__":
    sys.exit(main())
