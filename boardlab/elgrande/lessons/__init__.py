"""The logic behind the El Grande notebooks: one module per notebook, named after it.

* ``power_cards``       -> notebooks/elgrande/01-power-cards.ipynb
* ``king_placement``    -> notebooks/elgrande/02-the-king-and-placement.ipynb
* ``castillo``          -> notebooks/elgrande/03-the-castillo.ipynb
* ``majorities``        -> notebooks/elgrande/04-majorities-and-ties.ipynb
* ``editions``          -> notebooks/elgrande/05-editions-side-by-side.ipynb

What two lessons share lives in ``common``. Lessons import the engine; the engine never imports them.
"""
