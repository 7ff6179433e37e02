"""liverpool_widgets: the notebook UI of the Liverpool Rummy engine.

This package holds everything that needs Jupyter: the ``CardTable`` anywidget (it draws the
engine's one table model, :mod:`liverpool.table_model`, and sends clicks back as intents),
``play()`` (a whole match against bots at one table, returned as a ``MatchTable``),
``Replay`` (step through a saved match) and ``Review`` (every decision of one player graded,
the costliest pictured). The engine itself lives in the ``liverpool``
package, which stays free of ipywidgets, anywidget, traitlets and IPython.

Install with the ``widgets`` extra: ``pip install 'liverpool[widgets]'``::

    from liverpool_widgets import play
    play(seed=1)
"""

from importlib.metadata import PackageNotFoundError, version

from .play import MatchTable, Replay, play
from .review import Review
from .table import CardTable

try:
    __version__ = version("liverpool")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = ["CardTable", "MatchTable", "Replay", "Review", "__version__", "play"]
