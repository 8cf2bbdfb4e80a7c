"""Shared helpers of the El Grande rule tests: reach a chosen decision of a seeded game quickly."""

from boardlab import elgrande
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action
from boardlab.core.tuples import added, replaced

R = C.REGION_INDEX  # region id -> index
CAST = C.CASTILLO


def card(name: str) -> int:
    return C.CARD_INDEX[name]


def game(players=4, **options):
    return elgrande.Game(players=players, **options)


def play_powers(st, first: int | None = None, cards: dict | None = None) -> None:
    """Play the round's power cards: ``cards`` {player: value}; by default ``first`` (or the start
    player) plays 13 and the others their lowest playable card."""
    cards = dict(cards or {})
    if first is not None:
        cards.setdefault(first, 13)
    while st.step == "power":
        p = st.to_move
        legal = [a.a for a in st.legal_actions()]
        v = cards.get(p)
        if v is None:
            v = min(v for v in legal if v not in cards.values())
        st.apply(Action("power", v))


def at_card_step(players=4, seed=1, player=0, name="Score the Castillo", power=13, **options):
    """A new game where ``player`` plays ``power`` and moves first, takes no caballeros to court and
    has ``name`` on offer: returns the state at the action-card decision."""
    st = game(players, **options).new_game(seed)
    play_powers(st, first=player, cards={player: power})
    assert st.to_move == player
    if st.step == "court":
        st.apply(Action("court", 0))
    assert st.step == "card", st.step
    put_on_offer(st, name)
    return st


def put_on_offer(st, name: str) -> int:
    """Make the card named ``name`` the face-up card of its stack; returns the offer index."""
    t = card(name)
    for i, stack in enumerate(st.cfg.stacks):
        if t in stack:
            old = st.offer[i]
            if old != t and t in st.stacks[i]:
                stack = list(st.stacks[i])
                stack.remove(t)
                st.stacks = replaced(st.stacks, i, tuple(sorted(stack + ([old] if old >= 0 else []))))
            elif old != t:
                # the card was already used: take it back from the discard pile
                discard = list(st.discard)
                discard.remove(t)
                st.discard = tuple(discard) + ((old,) if old >= 0 else ())
            st.offer = replaced(st.offer, i, t)
            st._legal = None
            return i
    raise AssertionError(f"{name} is in no stack of this game")


def take(st, name: str) -> None:
    i = st.offer.index(card(name))
    st.apply(Action("card", i, card(name)))


def clear_board(st) -> None:
    """Send every caballero on the board and in the Castillo back to its owner's province."""
    NC = st.cfg.NC
    for r in range(C.NPLACES):
        for c in range(NC):
            st.province = added(st.province, c, st.cab[r * NC + c])
            st.cab[r * NC + c] = 0
    st.announce = ()
    st._legal = None


def put(st, region: str | int, colour: int, n: int) -> None:
    """Move n caballeros of ``colour`` from its province (or court) to a region or the Castillo."""
    r = R[region] if isinstance(region, str) else region
    NC = st.cfg.NC
    take = min(n, st.province[colour])
    st.province = added(st.province, colour, -take)
    st.court = added(st.court, colour, -(n - take))
    assert st.court[colour] >= 0
    st.cab[r * NC + colour] += n
    if r == CAST:
        st.announce += ((colour, n),)
    st._legal = None


def count(st, region: str | int, colour: int) -> int:
    r = R[region] if isinstance(region, str) else region
    return st.cab[r * st.cfg.NC + colour]


def texts(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


PASSIVE = {"court": "take 0 to court", "order": "placement first", "place": "stop placing",
           "special": "decline the special action"}


def passive(st):
    """The quietest option: take nothing, place nothing, decline the special action."""
    want = PASSIVE.get(st.step)
    for a in st.legal_actions():
        if str(a) == want:
            return a
    return st.legal_actions()[0]


def finish_round(st) -> None:
    """Play the current round out passively (up to a general scoring's first disk, if any)."""
    r = st.round_i
    while st.round_i == r and st.step not in ("cdisk", "over"):
        st.apply(passive(st))
