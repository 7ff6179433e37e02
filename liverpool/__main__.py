"""``python -m liverpool``: the same command line as the ``liverpool`` script."""

from liverpool.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
