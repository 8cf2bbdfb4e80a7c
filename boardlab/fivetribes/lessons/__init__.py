"""The Five Tribes teaching layer: one module per notebook, named after it.

* :mod:`.the_auction_track`     -- ``notebooks/fivetribes/01-the-auction-track.ipynb``
* :mod:`.moving_the_meeples`    -- ``02-moving-the-meeples.ipynb``
* :mod:`.the_five_tribes`       -- ``03-the-five-tribes.ipynb``
* :mod:`.goods_and_sets`        -- ``04-goods-and-sets.ipynb``
* :mod:`.outcome_distributions` -- ``05-outcome-distributions.ipynb``
* :mod:`.what_would_a_strong_player_do` -- ``06-what-would-a-strong-player-do.ipynb``

What several lessons share lives in :mod:`.common` (figure, table and widget helpers) and
:mod:`.recording` (games watched turn by turn). Lessons import the engine and ``boardlab.core``;
the engine never imports a lesson.
"""
