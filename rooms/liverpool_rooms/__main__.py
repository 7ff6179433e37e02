"""``python -m liverpool_rooms serve ...``: the room server without the ``liverpool`` command."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
