"""Position-building helpers for the Five Tribes rule tests.

``position(...)`` starts from a real game (seed 0), jumps to the first action turn of player 0
(or ``player``) and edits the board, hands and decks as asked. Meeples, cards and djinns are
moved between the board/bag/decks and the players, never created, so the position stays
consistent; the helper checks that by rebuilding it through the JSON form.

The engine keeps a position's records as tuples that the rules replace (copies share them), so
an edit by hand goes: ``thaw(st)`` (lists again), edit, ``fresh(st)`` (tuples again, colour masks
recomputed, consistency checked). Every helper here thaws, edits and freezes again itself.

Board strings list meeples by initial: Y yellow, W white, G green, B blue, R red
(``{"C3": "YYB"}``); every tile not named is emptied into the bag.
"""

from __future__ import annotations

from boardlab.fivetribes import Game
from boardlab.fivetribes.state import TUPLE_FIELDS, freeze
from boardlab.fivetribes.components import (
    CARD_INDEX, COLOUR_INDEX, DJINN_INDEX, TILE_INDEX, TILE_TYPE_INDEX, WHITE, YELLOW,
)

LETTER = {c[0].upper(): i for c, i in COLOUR_INDEX.items()}


def t(name: str) -> int:
    return TILE_INDEX[name]


def thaw(st):
    """The position's records as lists, for editing by hand (``fresh`` turns them back)."""
    for name in TUPLE_FIELDS:
        setattr(st, name, list(getattr(st, name)))
    st.cards = [list(c) for c in st.cards]
    return st


def set_tile(st, name: str, label: str) -> None:
    """Give tile ``name`` the type ``label`` (e.g. "Oasis 8") by swapping with a tile of that type."""
    tiles = list(st.tiles)
    want = TILE_TYPE_INDEX[label]
    i = t(name)
    if tiles[i] != want:
        j = next(k for k, v in enumerate(tiles) if v == want and k != i and k not in st._fixed)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    st._fixed.add(i)
    st.tiles = tuple(tiles)
    freeze(st)


def put(st, name: str, letters: str) -> None:
    """Set the meeples of a tile (taking from / returning to the bag)."""
    thaw(st)
    b = t(name) * 5
    for c in range(5):
        st.bag[c] += st.meeples[b + c]
        st.meeples[b + c] = 0
    for ch in letters:
        c = LETTER[ch]
        assert st.bag[c] > 0, f"no {ch} meeple left in the bag"
        st.bag[c] -= 1
        st.meeples[b + c] += 1
    freeze(st)


def give_cards(st, p: int, **cards) -> None:
    thaw(st)
    for name, n in cards.items():
        k = CARD_INDEX[name.lower()]
        for _ in range(n):
            for pile in (st.res_deck, st.res_discard, st.res_row):
                if k in pile:
                    pile.remove(k)
                    break
            else:
                raise AssertionError(f"no {name} card left")
            st.cards[p][k] += 1
    freeze(st)


def set_row(st, *names: str) -> None:
    """Put these cards (by name) at the front of the resource row, in order; the row keeps 9."""
    thaw(st)
    st.res_deck.extend(st.res_row)
    st.res_row = []
    for name in names:
        k = CARD_INDEX[name.lower()]
        st.res_deck.remove(k)
        st.res_row.append(k)
    freeze(st)


def give_djinn(st, p: int, name: str) -> None:
    thaw(st)
    d = DJINN_INDEX[name.lower()]
    for pile in (st.dj_deck, st.dj_row, st.dj_discard):
        if d in pile:
            pile.remove(d)
    st.djinn_owner[d] = p
    freeze(st)


def set_djinn_row(st, *names: str) -> None:
    thaw(st)
    st.dj_deck.extend(st.dj_row)
    st.dj_row = []
    for name in names:
        d = DJINN_INDEX[name.lower()]
        st.dj_deck.remove(d)
        st.dj_row.append(d)
    freeze(st)


def give_pieces(st, p: int, viziers: int = 0, elders: int = 0) -> None:
    thaw(st)
    assert st.bag[YELLOW] >= viziers and st.bag[WHITE] >= elders
    st.bag[YELLOW] -= viziers
    st.viziers[p] += viziers
    st.bag[WHITE] -= elders
    st.elders[p] += elders
    freeze(st)


def camel(st, name: str, p: int) -> None:
    thaw(st)
    st.camel[t(name)] = p
    st.camels[p] -= 1
    freeze(st)


def position(players=2, player=0, board=None, tiles=None, gold=None, seed=0, **options):
    """A position at the start of ``player``'s action turn in round 1 (see the module docstring)."""
    game = Game(players=players, **options)
    st = game.new_game(seed)
    st._fixed = set()
    thaw(st)
    markers = list(range(len(st.markers)))
    first = next(m for m in markers if st.markers[m] == player)
    order = [first] + [m for m in markers if m != first]
    st.phase, st.step, st.player = "turn", "start", player
    st.bid_next = len(markers)
    st.track = [-1] * 9
    for i, m in enumerate(order):
        st.track[8 - i] = m
    st.play_order, st.turn_index, st.next_bid_order = order, 0, [first]
    if board is not None:
        for name in list(TILE_INDEX):
            put(st, name, "")
        for name, letters in board.items():
            put(st, name, letters)
    for name, label in (tiles or {}).items():
        set_tile(st, name, label)
    if gold is not None:
        st.gold = list(gold)
    fresh(st)
    return st


def fresh(st):
    """After editing a position by hand: tuples again (``freeze``: colour masks recomputed, the
    legal-action cache dropped), and check consistency."""
    freeze(st)
    st.game.state_from_json(st.to_json())  # raises InvalidPosition if the edit broke a count
    return st


def act(st, *texts):
    """Apply actions by their text notation."""
    for text in texts:
        st.apply(text)
    return st


def texts(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]
