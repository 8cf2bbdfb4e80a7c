"""Alea Iacta Est lessons: one module per notebook in notebooks/alea/, named after it.

Each module holds the tables, figures and the widget of its notebook, so that everything a
notebook shows can be tested in plain pytest. What two lessons share lives in ``common``.
"""
