"""The White Castle's teaching layer: one module per notebook, named after it.

======================================  ===================================================
module                                  notebook (notebooks/whitecastle/)
======================================  ===================================================
:mod:`.dice_cost_vs_lantern`            01-dice-cost-vs-lantern.ipynb
:mod:`.drafting_the_bridges`            02-drafting-the-bridges.ipynb
:mod:`.climbing_the_court`              03-climbing-the-court.ipynb
:mod:`.round_end_and_gardens`           04-round-end-and-gardens.ipynb
:mod:`.outcome_distributions`           05-outcome-distributions.ipynb
:mod:`.what_would_a_strong_player_do`   07-what-would-a-strong-player-do.ipynb
======================================  ===================================================

What several lessons share lives in one place: :mod:`.common` (names, colours, provenance,
formats, the thin widget, the board picture, the shared exact computations) and
:mod:`.records` (the recorder of simulated games behind notebooks 03-05). A lesson imports
its game and ``boardlab.core``; the engine never imports a lesson.
"""
