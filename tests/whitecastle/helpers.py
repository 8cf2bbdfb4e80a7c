"""Position-building helpers for the White Castle rule tests.

A rule test sets up the exact situation its rule talks about: take the JSON form of a real
position (``blank``: a fresh game just after the starting draft, with every clan's goods,
lantern and Passage of Time cleared), edit the dict, and load it with ``Game.state_from_json``
(the documented way to set up teaching positions). The helpers below only edit that dict; they
never reach into the engine's internals.

Conventions used throughout the rule tests:

* players are numbered 0..n-1 and ``order`` is [0, 1, ..., n-1] unless a test says otherwise;
* player 0 is the one to move;
* ``hold(d, "coral", 1, "left")`` puts a die in player 0's hand, as if just taken from the left
  end of the coral bridge, and asks where to place it.
"""

from __future__ import annotations

import copy
import pytest

from boardlab import whitecastle
from boardlab.core import IllegalAction
from boardlab.whitecastle import components as C
from boardlab.whitecastle.positions import complete, teaching_position

ROOM_INDEX = {"F1A": 0, "F1B": 1, "F1C": 2, "F2A": 3, "F2B": 4}


def blank(players: int = 3, seed: int = 1) -> dict:
    """A position at the first decision of round 1 ("take a die"), player 0 to move, turn order
    0, 1, 2, ...; the Well tiles give +1 food and +1 iron; every clan holds no goods, has an
    empty lantern area, a starting courtier action card and its marker on space 0 of the
    Passage of Time (player 0's on top)."""
    d = teaching_position(players, seed)
    # Well tiles with fixed, automatic rewards, so a die on the Well asks nothing (their colours
    # stay the deal's: five die tiles of each colour between the rooms and the Well)
    d["well_tiles"] = [{"colour": t["colour"], "reward": reward}
                       for t, reward in zip(d["well_tiles"], ("food:1", "iron:1"))]
    return d


def load(d: dict, **options):
    """The state for position ``d`` (the player count is read from the position). Cards a test
    put in a room or in a clan's hands are taken out of the decks, which hold the rest; cards
    left out of decks a test set lie in the last clan's lantern area. Then
    ``positions.complete`` puts the dice a test took off the bridges on the Well and balances
    the die-tile colours, so the position keeps every component in one place."""
    d = copy.deepcopy(d)
    held = {c for p in d["players"] for c in [p["card"], *p["lantern"]]}
    for r in d["rooms"]:  # a card a clan holds cannot also lie in a room: refill that room
        if r["card"] in held:
            deck = d["decks"]["steward" if r["card"].startswith("steward") else "diplomat"]
            r["card"] = next(c for c in deck if c not in held and c not in {x["card"] for x in d["rooms"]})
    placed = {r["card"] for r in d["rooms"]} | held
    d["decks"] = {name: [c for c in deck if c not in placed] for name, deck in d["decks"].items()}
    # A test that set a deck's contents: the cards it left out lie in the last clan's lantern area.
    placed |= set(d["decks"]["steward"]) | set(d["decks"]["diplomat"])
    n = len(d["players"])
    d["players"][-1]["lantern"] += [c for c in C.deck("steward", n) + C.deck("diplomat", n) if c not in placed]
    return whitecastle.Game(players=n, **options).state_from_json(complete(d))


def give(d: dict, player: int = 0, **goods) -> dict:
    """Set some of a clan's goods: ``give(d, 0, coin=3, seal=1)``."""
    d["players"][player]["goods"].update(goods)
    return d


def bridges(d: dict, coral=(), black=(), white=()) -> dict:
    d["bridges"] = {"coral": list(coral), "black": list(black), "white": list(white)}
    return d


def hold(d: dict, colour: str, pips: int, end: str = "left", player: int = 0) -> dict:
    """Player ``player`` holds a die just taken from the ``end`` of the ``colour`` bridge and is
    asked where to place it (the bridge loses that end die, so the game keeps its dice count)."""
    bridge = d["bridges"].get(colour)
    if bridge:
        bridge.pop(0 if end == "left" else -1)
    d["held"] = {"colour": colour, "pips": pips, "end": end}
    d["actor"] = player
    d["decision"] = ["place"]
    d["queue"] = []
    return d


def ask(d: dict, decision: list, player: int = 0) -> dict:
    """Player ``player`` is asked ``decision`` (a task in the JSON form, e.g. ["courtier", False, False])."""
    d["held"] = None
    d["actor"] = player
    d["decision"] = decision
    d["queue"] = []
    return d


def effects(d: dict, *tasks: list, player: int = 0) -> dict:
    """Player ``player`` resolves ``tasks`` (effects in the JSON task form, e.g. ["food", 3],
    ["time", 2], ["lantern"]) in the order given, as if a card had just granted them."""
    d["held"] = None
    d["actor"] = player
    d["decision"] = None
    d["queue"] = [list(t) for t in reversed(tasks)]  # the last queued task runs first
    return d


def room(d: dict, space: str, card: str, tiles) -> dict:
    """Put ``card`` in a castle room (``"F1A"`` .. ``"F2B"``) with die tiles ``tiles`` (top to bottom).
    Where the card was (a deck or another room) gets the room's old card, so every card stays in one place."""
    index = ROOM_INDEX[space]
    old = d["rooms"][index]["card"]
    swap_card(d, card, old)
    d["rooms"][index] = {"card": card, "tiles": list(tiles)}
    return d


def garden(d: dict, slot: int, card: int) -> dict:
    """Put garden ``card`` in ``slot`` (0-5); the slot that held it gets the slot's old card."""
    old = d["gardens"][slot]["card"]
    for g in d["gardens"]:
        if g["card"] == card:
            g["card"] = old
    d["gardens"][slot] = {"card": card, "gardeners": []}
    return d


def swap_card(d: dict, card: str, replacement: str) -> dict:
    """Replace ``card`` by ``replacement`` wherever it lies in a deck or a room."""
    for deck in d["decks"].values():
        if card in deck:
            deck[deck.index(card)] = replacement
    for other in d["rooms"]:
        if other["card"] == card:
            other["card"] = replacement
    return d


def lantern(d: dict, player: int = 0, *cards: str) -> dict:
    d["players"][player]["lantern"] = list(cards)
    return d


def texts(state) -> set[str]:
    """The legal options now, as text."""
    return {str(a) for a in state.legal_actions()}


def play(state, *actions: str):
    for a in actions:
        state.apply(a)
    return state


def goods(state, player: int = 0) -> dict:
    return dict(state.players[player].goods)


def refused(state, action, rule_words: str) -> IllegalAction:
    """Assert ``action`` raises IllegalAction whose message contains ``rule_words`` (case-insensitive)
    and that the position is unchanged afterwards."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert rule_words.lower() in str(info.value).lower(), str(info.value)
    assert state.to_json() == before, "an illegal action changed the position"
    return info.value
