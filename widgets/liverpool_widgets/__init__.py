"""liverpool_widgets: the notebook UI of the Liverpool Rummy engine.

This package holds everything that needs Jupyter: the ``CardTable`` anywidget (a card table
synced with a ``PlayerView`` and its legal actions), ``play()`` (a full match against bots
at one table) and the lesson widgets. Those are added later; the engine itself lives in the
``liverpool`` package, which stays free of ipywidgets, anywidget, traitlets and IPython.

Install with the ``widgets`` extra: ``pip install 'liverpool[widgets]'``.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("liverpool")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
