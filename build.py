#!/usr/bin/env python3
"""Build, serve and test the Celestix card room (``python3 build.py --help``; the README
lists the commands). Standard library only: this launcher sets up ``.venv`` with the
pinned packages the command needs (``tools/env.py``) and runs the command there, through
:func:`tools.cli.main`."""

import sys

from tools.env import enter_venv

if __name__ == "__main__":
    enter_venv(sys.argv[1:])  # (when not already in it: this process is replaced)
    # imported only now: the build uses the venv's packages
    from tools.cli import main

    sys.exit(main(sys.argv[1:]))
