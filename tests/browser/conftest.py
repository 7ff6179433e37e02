"""The browser tests' notebook is driven by the tests, not collected by ``--nbval``."""

collect_ignore = ["play_stacked.ipynb"]
