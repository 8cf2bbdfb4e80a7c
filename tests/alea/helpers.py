"""Helpers for Alea Iacta Est rule tests: positions set up by hand, consistent with the invariants."""

from __future__ import annotations

from boardlab.alea import Game
from boardlab.alea.components import PAT_INDEX, PROV_INDEX, SENATE_INDEX
from boardlab.alea.state import invariants
from boardlab.core.tuples import replaced


def new(players=4, seed=1, **options):
    return Game(players=players, **options).new_game(seed)


def put(st, name, p, value):
    """Set entry ``p`` of the state's row ``name`` (rows are tuples: the row is replaced)."""
    setattr(st, name, replaced(getattr(st, name), p, value))


def set_roll(st, dice):
    """The player to move has rolled ``dice``: dice not rolled are moved to their Latrina so every
    die stays somewhere (the invariants hold)."""
    p = st.player
    dice = tuple(sorted(dice))
    extra = st.free[p] - len(dice)
    assert extra >= 0, "set_roll cannot add dice"
    st.free = replaced(st.free, p, len(dice))
    st.lat = replaced(st.lat, p, st.lat[p] + extra)
    st.hand = dice
    st._legal = st._places = st._open = None
    invariants(st)
    return st


def do(st, *texts):
    for text in texts:
        st.apply(text)
    return st


def place(st, dice, building, roll=None):
    """The player to move rolls ``roll`` (its own dice: the values given, padded with the values it
    rolled) and places ``dice`` in ``building``."""
    if roll is not None:
        set_roll(st, roll)
    else:
        rest = list(st.hand)
        for d in dice:
            if d in rest:
                rest.remove(d)
            else:
                rest.pop()
        st.hand = tuple(sorted(rest + list(dice)))
        st._legal = st._places = st._open = None
    return do(st, f"choose {building}", f"place {' '.join(map(str, sorted(dice)))} in {building}")


def texts(st):
    return [str(a) for a in st.legal_actions()]


def prov(label):
    return PROV_INDEX[label.lower()]


def pat(label):
    return PAT_INDEX[label.lower()]


def card(name):
    return SENATE_INDEX[name]





def finish_set(st, avoid=("Templum",), until_rewards=False):
    """Play to the end of the current set (or, ``until_rewards``, to its first reward decision)
    without entering the buildings named in ``avoid`` (when possible) and without rerolls: the
    first acceptable legal action each time."""
    start = st.set_no
    while st.set_no == start and not st.is_over:
        if until_rewards and st.step in ("senate", "castrum", "forum"):
            break
        legal = st.legal_actions()
        good = [a for a in legal if a.kind != "reroll" and not (a.kind == "choose" and
                                                                str(a).split()[-1] in avoid)]
        st.apply((good or [a for a in legal if a.kind != "reroll"] or legal)[0])
    return st
