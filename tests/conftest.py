"""Shared pytest configuration.

Hypothesis profiles:

* ``default`` -- a modest number of examples and no deadline (timings on a shared 2-core
  machine are noisy; widget construction alone can pass hypothesis's 200 ms default).
* ``ci`` -- chosen automatically when the ``CI`` environment variable is set: more examples,
  derandomized so a CI failure reproduces, and no ``too_slow`` health check.
* ``thorough`` -- many examples, for a long local run: ``HYPOTHESIS_PROFILE=thorough pytest``.

``HYPOTHESIS_PROFILE`` always wins when set.

Nothing here depends on the engine.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

_profile = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default")
settings.load_profile(_profile)
