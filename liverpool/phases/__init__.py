"""The phases of a match, each a module of plain functions over a
:class:`~liverpool.phases.context.Context`: :mod:`.cut`, :mod:`.calls`, :mod:`.draw`,
:mod:`.play`, and the steps they share in :mod:`.turns`. :class:`~liverpool.Game` dispatches
to them by :class:`~liverpool.Phase` (see :data:`liverpool.game.PHASES`)."""
