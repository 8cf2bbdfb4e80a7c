"""Final scoring of Alea Iacta Est as a per-category sheet.

Patricians are assigned to provinces once, at the end of the game (PUB): each player's own choice,
which changes nothing for anyone else. The engine makes it for every player as a careful player
would (``assign``): the assignment with the highest total, and among those the one that leaves the
highest value of patricians unassigned (the tie-break, PK). It is exact: each colour's patricians
are placed in every legal way (their colour's provinces, the joker, the border province XII, the
free provinces XIII, card XI's extra place, or nowhere), the best per use of the shared places is
kept, and the colours are combined (``_colour_options``, ``_combine``); a brute-force oracle over
small hands checks it (tests/alea/test_assignment.py).

Two replaceable pieces, both ``assumed`` (RULES.md):

* ``PROVINCE_FORMULAS``: what a province scores given its printed value and the values of the
  patricians in it. ``"additive"`` (the default): value + patricians, or value - 1 when empty
  (KNOB), never below 0. Register another function under a new name and pass
  ``Game(province_formula=name)``.
* ``SENATE_EFFECTS``: what each senate card's ``effect`` (``data/senate_cards.csv``) scores.

Categories: provinces, patricians, senate, fortune, chips, total. A tied total goes to the higher
value of unassigned patricians (PK); still tied players share the rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from boardlab.alea.components import (
    BORDER, BORDER_COLOURS, CHIPS_PER_POINT, COLOURS, EMPTY_PENALTY, FREE, GREY, JOKER, PAT_COLOUR, PAT_SEX,
    PAT_VALUE, PROV_COLOUR, PROV_VALUE, SENATE,
)

CATEGORIES = ("provinces", "patricians", "senate", "fortune", "chips")
#: the misplays that change how an assignment scores (the others change the play, not the sheet)
SCORING_MISPLAYS = ("card_iii_without_itself", "card_vii_border_one_colour", "card_xii_half_couple",
                    "unassigned_patricians_count")


def additive(value: int, patricians: list[int]) -> int:
    """A province with patricians scores its value plus theirs; an empty one its value - 1 (>= 0)."""
    return value + sum(patricians) if patricians else max(0, value - EMPTY_PENALTY)


PROVINCE_FORMULAS = {"additive": additive}


def _free_value() -> int:
    return int(SENATE[FREE].params or 0)


# -- scoring one given assignment --------------------------------------------------------------------
def assignment_sheet(formula, provinces, cards, where: dict, misplays=()) -> dict:
    """{"provinces", "patricians", "senate"} of one assignment ``where`` (the form ``assign`` returns)."""
    prov_points = pat_points = 0
    held = [(PROV_VALUE[t], ps) for t, ps in where["ordinary"]]
    held += [(0, where["joker"])] if where["joker"] is not None else []
    held += [(_free_value(), ps) for ps in where["free"]]
    for value, ps in held:
        pats = sum(PAT_VALUE[t] for t in ps)
        prov_points += formula(value, [PAT_VALUE[t] for t in ps]) - pats
        pat_points += pats
    pat_points += sum(PAT_VALUE[t] for t in where["extra"])
    senate = sum(_senate_points(c, cards, where, provinces, misplays) for c in cards)
    return {"provinces": prov_points, "patricians": pat_points, "senate": senate}


def _border_pays(border, misplays) -> bool:
    """Card XII: a man and a woman of its two different colours (the misplay: any one of its colours)."""
    if "card_xii_half_couple" in misplays:
        return bool(border)
    return (border is not None and len(border) == 2 and {PAT_SEX[t] for t in border} == {0, 1}
            and {PAT_COLOUR[t] for t in border} == set(BORDER_COLOURS))


def _senate_points(card: int, cards, where: dict, provinces, misplays) -> int:
    effect = SENATE[card].effect
    if effect == "per_card":
        return 1 + len(cards) - (1 if "card_iii_without_itself" in misplays else 0)
    if effect == "per_colour":
        colours = {PROV_COLOUR[t] for t in provinces}  # the joker is grey
        if BORDER in cards:
            colours.update(BORDER_COLOURS[:1] if "card_vii_border_one_colour" in misplays else BORDER_COLOURS)
        for free in where["free"]:
            colours.add(PAT_COLOUR[free[0]] if free else GREY)
        return len(colours)
    if effect == "per_assigned_patrician":  # border and free provinces left out
        n = sum(len(ps) for _, ps in where["ordinary"]) + len(where["joker"] or ()) + len(where["extra"])
        if "unassigned_patricians_count" in misplays:
            n += len(where["unassigned"])
        return n
    if effect == "border":
        return 3 if _border_pays(where["border"], misplays) else 0
    return 0  # "none", "free" (scored as a province), "extra_patrician" (scored in patricians)


SENATE_EFFECTS = ("none", "per_card", "per_colour", "per_assigned_patrician", "border", "free", "extra_patrician")


# -- the best assignment ---------------------------------------------------------------------------
def assign(provinces, patricians, cards, misplays=(), province_formula: str = "additive") -> dict:
    """The best assignment: {"ordinary": [(tile, [pats])], "joker": [pats] | None, "border": [pats] | None,
    "free": [[pats] per free province card], "extra": [pats] (card XI), "unassigned": [pats]}.

    Best = the highest total of provinces, patricians and senate cards; among equal totals, the
    highest value left unassigned (the final tie-break)."""
    misplays = tuple(sorted(m for m in misplays if m in SCORING_MISPLAYS))
    # the cache is keyed by the formula itself, not its name: a formula registered again under the
    # same name is a new key, never a stale answer
    where = _assign(tuple(sorted(provinces)), tuple(sorted(patricians)), tuple(sorted(cards)), misplays,
                    PROVINCE_FORMULAS[province_formula])
    return _fresh_copy(where)


def _fresh_copy(where: dict) -> dict:
    """A copy of a cached assignment that its caller may change without changing the cache."""
    def copied(key, value):
        if key == "ordinary":
            return [(t, list(ps)) for t, ps in value]
        if key == "free":
            return [list(ps) for ps in value]
        return None if value is None else list(value)

    return {key: copied(key, value) for key, value in where.items()}


@lru_cache(maxsize=1 << 14)
def _assign(provinces, patricians, cards, misplays, formula) -> dict:
    ctx = _Context(provinces, cards, misplays, formula)
    options = [_colour_options(tuple(t for t in provinces if t != JOKER and PROV_COLOUR[t] == c),
                               tuple(t for t in patricians if PAT_COLOUR[t] == c), ctx.places(c))
               for c in range(len(COLOURS))]
    return _where(ctx, _combine(ctx, options))


class _Context:
    """What the assignment of one hand depends on besides its patricians."""

    def __init__(self, provinces, cards, misplays, formula):
        self.provinces, self.cards, self.misplays, self.formula = provinces, cards, misplays, formula
        self.joker = JOKER in provinces
        self.border = BORDER in cards
        self.nfree = cards.count(FREE)
        self.nxi = sum(1 for c in cards if SENATE[c].effect == "extra_patrician")
        self.nvii = sum(1 for c in cards if SENATE[c].effect == "per_colour")
        self.nviii = sum(1 for c in cards if SENATE[c].effect == "per_assigned_patrician")
        self.border_colours = (BORDER_COLOURS[:1] if "card_vii_border_one_colour" in misplays else BORDER_COLOURS) \
            if self.border else ()

    def places(self, colour: int) -> _Places:
        """What one colour's placements depend on besides its tiles (the key of their cache)."""
        return _Places(self.joker, self.border and colour in BORDER_COLOURS, colour in self.border_colours,
                       self.nfree, self.nxi, self.nvii, self.nviii, self.misplays, self.formula)


@dataclass(frozen=True)
class _Places:
    joker: bool  # the hand holds the joker
    border: bool  # card XII is held and this colour may go on it
    shown_by_border: bool  # card VII counts this colour through the border province
    nfree: int
    nxi: int
    nvii: int
    nviii: int
    misplays: tuple
    formula: object  # PROVINCE_FORMULAS' function (hashable: part of the cache key)


@lru_cache(maxsize=1 << 16)
def _colour_options(tiles: tuple, pats: tuple, ctx: _Places) -> dict:
    """Every legal way to place one colour's patricians (``pats``; ``tiles``: that colour's
    provinces), the best per use of the shared places: {(joker man value, joker woman value, border
    man?, border woman?, free provinces used, XI extras): (points (provinces, patricians, senate),
    unassigned value, plan [(patrician, place)])}."""
    formula = ctx.formula
    places = ["none"] + [("province", i) for i in range(len(tiles))]
    places += ["joker"] if ctx.joker else []
    places += ["border"] if ctx.border else []
    places += [("free", k) for k in range(ctx.nfree)]
    places += ["extra"] if ctx.nxi else []
    best: dict = {}

    free_value = _free_value()
    tile_values = [PROV_VALUE[tile] for tile in tiles]
    empty = [formula(v, []) for v in tile_values]  # what each province scores with nobody in it
    count_unassigned = "unassigned_patricians_count" in ctx.misplays

    def leaf(plan):
        """Score one complete plan and keep it if it beats the best plan of its shared-place use
        (place() never builds a one-colour border couple or fills free provinces out of order)."""
        inside = {}
        for t, place in plan:
            inside.setdefault(place, []).append(t)
        extras = inside.get("extra", ())
        couples = 0
        prov = pat = counted = 0
        for i, value in enumerate(tile_values):
            ps = inside.get(("province", i))
            if not ps:
                prov += empty[i]
                continue
            vals = [PAT_VALUE[t] for t in ps]
            held = sum(vals)
            prov += formula(value, vals) - held
            pat += held
            counted += len(vals)
            couples += len(vals) == 2
        if len(extras) > couples:  # card XI: one extra patrician per couple
            return
        used_free = 0
        while ("free", used_free) in inside:
            vals = [PAT_VALUE[t] for t in inside[("free", used_free)]]
            held = sum(vals)
            prov += formula(free_value, vals) - held
            pat += held
            used_free += 1
        pat += sum(PAT_VALUE[t] for t in extras)
        unassigned = inside.get("none", ())
        joker = inside.get("joker", ())
        counted += len(extras) + len(joker) + (len(unassigned) if count_unassigned else 0)
        shown = bool(tiles) or ctx.shown_by_border or used_free > 0  # a colour card VII counts
        points = (prov, pat, ctx.nviii * counted + ctx.nvii * shown)
        jokers = {PAT_SEX[t]: PAT_VALUE[t] for t in joker}
        border = {PAT_SEX[t] for t in inside.get("border", ())}
        sig = (jokers.get(0, 0), jokers.get(1, 0), 0 in border, 1 in border, used_free, len(extras))
        entry = (points, sum(PAT_VALUE[t] for t in unassigned), plan)
        if sig not in best or _better(entry, best[sig]):
            best[sig] = (points, entry[1], tuple(plan))

    # Cut a branch as soon as leaf() would reject every plan in it (the answer is unchanged): card
    # XI's extras need as many couples (at most one per province of the colour), the border takes no
    # couple of one colour, and free provinces are alike, so they are filled in order (free k only
    # once free k - 1 holds someone: the plans this skips are relabellings of ones it keeps).
    max_extras = min(ctx.nxi, len(tiles))

    def allowed(where, sex, taken, extras):
        if where == "none":
            return True
        if where == "extra":
            return extras < max_extras
        if (where, sex) in taken:
            return False
        if where == "border":
            return ("border", 1 - sex) not in taken
        if where[0] == "free" and where[1] > 0:
            previous = ("free", where[1] - 1)
            return (previous, 0) in taken or (previous, 1) in taken
        return True

    def place(i, plan, taken, extras):
        if i == len(pats):
            leaf(plan)
            return
        t = pats[i]
        sex = PAT_SEX[t]
        for where in places:
            if not allowed(where, sex, taken, extras):
                continue
            if where in ("none", "extra"):
                place(i + 1, plan + [(t, where)], taken, extras + (where == "extra"))
            else:
                place(i + 1, plan + [(t, where)], taken | {(where, sex)}, extras)

    place(0, [], frozenset(), 0)
    return best


def _better(a, b) -> bool:
    """Higher total first, then more value left unassigned (the tie-break); equal entries keep the first."""
    return (sum(a[0]), a[1]) > (sum(b[0]), b[1])


def _combine(ctx: _Context, options: list) -> tuple:
    """The best choice of one option per colour such that each shared place is used at most once."""
    states = {(0, 0, False, False, 0, 0): ((0, 0, 0), 0, ())}
    for colour_options in options:
        nxt: dict = {}
        for (jm, jw, bm, bw, nf, nx), (pts, tie, plan) in states.items():
            for (cjm, cjw, cbm, cbw, cnf, cnx), (cpts, ctie, cplan) in colour_options.items():
                if (jm and cjm) or (jw and cjw) or (bm and cbm) or (bw and cbw) \
                        or nf + cnf > ctx.nfree or nx + cnx > ctx.nxi:
                    continue
                sig = (jm or cjm, jw or cjw, bm or cbm, bw or cbw, nf + cnf, nx + cnx)
                entry = (tuple(a + b for a, b in zip(pts, cpts)), tie + ctie, plan + (tuple(cplan),))
                if sig not in nxt or _better(entry, nxt[sig]):
                    nxt[sig] = entry
        states = nxt
    finished = [_finish(ctx, sig, entry) for sig, entry in states.items()]
    return max(finished, key=lambda e: (sum(e[0]), e[1]))  # max keeps the first of equals


def _finish(ctx: _Context, sig, entry):
    """Add what only the whole hand decides: the joker's score, empty free provinces, grey for card
    VII and card XII's couple."""
    jm, jw, bm, bw, nf, _ = sig
    (prov, pat, senate), tie, plans = entry
    if ctx.joker:
        vals = [v for v in (jm, jw) if v]
        prov += ctx.formula(0, vals) - sum(vals)
        pat += sum(vals)
    prov += (ctx.nfree - nf) * ctx.formula(_free_value(), [])
    senate += ctx.nvii * (ctx.joker or nf < ctx.nfree)  # grey: the joker, or an empty free province
    pays = (bm or bw) if "card_xii_half_couple" in ctx.misplays else (bm and bw)
    senate += 3 * ctx.cards.count(BORDER) * pays
    return (prov, pat, senate), tie, plans


def _where(ctx: _Context, best) -> dict:
    """The chosen plans as the assignment form (free provinces numbered across colours)."""
    tiles = [t for t in ctx.provinces if t != JOKER]
    ordinary = {t: [] for t in tiles}
    out = {"joker": [] if ctx.joker else None, "border": [] if ctx.border else None,
           "free": [[] for _ in range(ctx.nfree)], "extra": [], "unassigned": []}
    free_base = 0
    for plan in best[2]:
        if not plan:
            continue
        colour = PAT_COLOUR[plan[0][0]]
        mine = [t for t in tiles if PROV_COLOUR[t] == colour]
        used = 0
        for t, place in plan:
            if isinstance(place, tuple) and place[0] == "province":
                ordinary[mine[place[1]]].append(t)
            elif isinstance(place, tuple):
                out["free"][free_base + place[1]].append(t)
                used = max(used, place[1] + 1)
            else:
                out["unassigned" if place == "none" else place].append(t)
        free_base += used
    out["ordinary"] = [(t, ordinary[t]) for t in tiles]
    return out


def player_sheet(game, provinces, patricians, cards, fortune, chips) -> dict:
    """One player's sheet from their holdings, with their patricians in the best assignment."""
    where = assign(provinces, patricians, cards, game.misplays, game.province_formula)
    sheet = assignment_sheet(PROVINCE_FORMULAS[game.province_formula], provinces, cards, where, game.misplays)
    sheet.update(fortune=sum(fortune), chips=chips // CHIPS_PER_POINT)
    sheet["total"] = sum(sheet.values())
    return sheet


def score_sheet(st) -> dict:
    """{player: {category: points, 'total'}}; during the game, what the holdings would score now."""
    return {p: player_sheet(st.game, st.provs[p], st.pats[p], st.cards[p], st.fortune[p], st.chips[p])
            for p in range(st.nplayers)}


def tie_break(st, p: int) -> int:
    """PK: the higher value of patricians left out of provinces wins a tied total."""
    where = assign(st.provs[p], st.pats[p], st.cards[p], st.game.misplays, st.game.province_formula)
    return sum(PAT_VALUE[t] for t in where["unassigned"])


def ranks(st) -> dict:
    sheet = score_sheet(st)
    key = {p: (sheet[p]["total"], tie_break(st, p)) for p in sheet}
    return {p: 1 + sum(1 for q in sheet if key[q] > key[p]) for p in sheet}
