"""Apps for new players: one generic app, built for any game through the engine contract.

``boardlab.apps.app("whitecastle")`` returns the widget that ``notebooks/apps/whitecastle.ipynb``
shows and Voila serves (``make app GAME=whitecastle``): set up a game, play against bots with the
board redrawn after every decision, see the rule an illegal entry breaks, ask what a strong player
would do, undo, save the record and step through it again in the replay tab.

* :mod:`boardlab.apps.session`: the game in play and the replay, with no widget (tested directly);
* :mod:`boardlab.apps.options`: each game's setup choices, read from its ``Game`` class;
* :mod:`boardlab.apps.builder`: the widgets (``App``, ``app``) and the rules page (``rules_page``);
* :mod:`boardlab.apps.learn`: the learn-to-play texts (each game's ``teaching.py`` and rules page);
* :mod:`boardlab.apps.glossary`: the apps' own labels in Korean (the language switch).
"""

from boardlab.apps.builder import App, app, rules_page

__all__ = ["App", "app", "rules_page"]
