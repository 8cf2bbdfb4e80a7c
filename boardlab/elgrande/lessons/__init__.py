"""The logic behind the El Grande notebooks: one module per notebook, named after it.

* ``power_cards``            -> notebooks/elgrande/01-power-cards.ipynb
* ``the_king_and_placement``-> notebooks/elgrande/02-the-king-and-placement.ipynb
* ``the_castillo``          -> notebooks/elgrande/03-the-castillo.ipynb
* ``majorities_and_ties``   -> notebooks/elgrande/04-majorities-and-ties.ipynb
* ``editions_side_by_side`` -> notebooks/elgrande/05-editions-side-by-side.ipynb
* ``what_would_a_strong_player_do`` -> notebooks/elgrande/06-what-would-a-strong-player-do.ipynb

What two lessons share lives in ``common``. Lessons import the engine; the engine never imports them.
"""
