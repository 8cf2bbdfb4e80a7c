"""Final scoring of Alea Iacta Est as a per-category sheet.

Patricians are assigned to provinces once, at the end of the game (PUB). The engine assigns them
(``assign``): each colour's patricians go to that colour's provinces, spread over as many
provinces as possible (a province holds at most one man and one woman), best first; what is
left may fill the border province (card XII), the free province (card XIII) and the joker;
card XI adds one more same-colour patrician to a couple.

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

from boardlab.alea.components import (
    BORDER, BORDER_COLOURS, CHIPS_PER_POINT, EMPTY_PENALTY, FREE, GREY, JOKER, PAT_COLOUR, PAT_SEX, PAT_VALUE,
    PROV_COLOUR, PROV_VALUE, SENATE,
)

CATEGORIES = ("provinces", "patricians", "senate", "fortune", "chips")


def additive(value: int, patricians: list[int]) -> int:
    """A province with patricians scores its value plus theirs; an empty one its value - 1 (>= 0)."""
    return value + sum(patricians) if patricians else max(0, value - EMPTY_PENALTY)


PROVINCE_FORMULAS = {"additive": additive}


def assign(provinces, patricians, cards, misplays=()) -> dict:
    """Where each patrician goes: {"ordinary": [(tile, [pats])], "joker": [pats] | None,
    "border": [pats] | None, "free": [[pats] per free province card], "extra": [pats],
    "unassigned": [pats]}."""
    left = sorted(patricians, key=lambda t: -PAT_VALUE[t])
    ordinary = []
    for colour in sorted({PROV_COLOUR[t] for t in provinces if t != JOKER}):
        tiles = sorted((t for t in provinces if t != JOKER and PROV_COLOUR[t] == colour), key=lambda t: -PROV_VALUE[t])
        men = [t for t in left if PAT_COLOUR[t] == colour and PAT_SEX[t] == 0][:len(tiles)]
        women = [t for t in left if PAT_COLOUR[t] == colour and PAT_SEX[t] == 1][:len(tiles)]
        slots = [[] for _ in tiles]
        for i, t in enumerate(men):
            slots[i].append(t)
        for i, t in enumerate(women):  # fill the provinces the men left empty first
            slots[(len(men) + i) % len(tiles)].append(t)
        for t in men + women:
            left.remove(t)
        ordinary += list(zip(tiles, slots))
    out = {"ordinary": ordinary, "joker": None, "border": None, "free": [], "extra": []}
    if BORDER in cards:
        out["border"] = _border_couple(left, "card_xii_half_couple" in misplays)
    for _ in range(cards.count(FREE)):
        out["free"].append(_best_couple(left, same_colour=True))
    if JOKER in provinces:
        out["joker"] = _best_couple(left, same_colour=False)
    couples = {PROV_COLOUR[t] for t, ps in ordinary if len(ps) == 2}
    for _ in range(sum(1 for c in cards if SENATE[c].effect == "extra_patrician")):
        extra = next((t for t in left if PAT_COLOUR[t] in couples), None)
        if extra is not None:
            left.remove(extra)
            out["extra"].append(extra)
    out["unassigned"] = left
    return out


def _best_couple(left: list, same_colour: bool) -> list:
    """The best man and woman left (of one colour when ``same_colour``), or the best single one."""
    best = []
    for m in (t for t in left if PAT_SEX[t] == 0):
        for w in (t for t in left if PAT_SEX[t] == 1):
            if (not same_colour or PAT_COLOUR[m] == PAT_COLOUR[w]) and (
                    not best or PAT_VALUE[m] + PAT_VALUE[w] > sum(PAT_VALUE[t] for t in best)):
                best = [m, w]
    if not best and left:
        best = [left[0]]
    for t in best:
        left.remove(t)
    return best


def _border_couple(left: list, half: bool) -> list:
    """Card XII's couple: a man of one of its colours and a woman of the other (the cheapest such pair,
    since the card pays a flat 3). With the misplay, any one patrician of its colours."""
    a, b = BORDER_COLOURS
    pairs = [[m, w] for m in left for w in left if PAT_SEX[m] == 0 and PAT_SEX[w] == 1
             and {PAT_COLOUR[m], PAT_COLOUR[w]} == {a, b}]
    if half and not pairs:
        pairs = [[t] for t in left if PAT_COLOUR[t] in (a, b)]
    if not pairs:
        return []
    best = min(pairs, key=lambda ps: sum(PAT_VALUE[t] for t in ps))
    for t in best:
        left.remove(t)
    return best


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
        return 3 if where["border"] and (len(where["border"]) == 2 or "card_xii_half_couple" in misplays) else 0
    return 0  # "none", "free" (scored as a province), "extra_patrician" (scored in patricians)


SENATE_EFFECTS = ("none", "per_card", "per_colour", "per_assigned_patrician", "border", "free", "extra_patrician")


def player_sheet(game, provinces, patricians, cards, fortune, chips) -> dict:
    """One player's sheet from their holdings."""
    formula = PROVINCE_FORMULAS[game.province_formula]
    where = assign(provinces, patricians, cards, game.misplays)
    prov_points = pat_points = 0
    for tile, ps in where["ordinary"]:
        score = formula(PROV_VALUE[tile], [PAT_VALUE[t] for t in ps])
        pats = sum(PAT_VALUE[t] for t in ps)
        prov_points += score - pats
        pat_points += pats
    extra_provinces = [(0, where["joker"])] if where["joker"] is not None else []
    extra_provinces += [(int(SENATE[FREE].params or 0), ps) for ps in where["free"]]
    for tile_value, ps in extra_provinces:
        pats = sum(PAT_VALUE[t] for t in ps)
        prov_points += formula(tile_value, [PAT_VALUE[t] for t in ps]) - pats
        pat_points += pats
    pat_points += sum(PAT_VALUE[t] for t in where["extra"])
    senate = sum(_senate_points(c, cards, where, provinces, game.misplays) for c in cards)
    sheet = {"provinces": prov_points, "patricians": pat_points, "senate": senate,
             "fortune": sum(fortune), "chips": chips // CHIPS_PER_POINT}
    sheet["total"] = sum(sheet.values())
    return sheet


def score_sheet(st) -> dict:
    """{player: {category: points, 'total'}}; during the game, what the holdings would score now."""
    return {p: player_sheet(st.game, st.provs[p], st.pats[p], st.cards[p], st.fortune[p], st.chips[p])
            for p in range(st.nplayers)}


def tie_break(st, p: int) -> int:
    """PK: the higher value of patricians left out of provinces wins a tied total."""
    where = assign(st.provs[p], st.pats[p], st.cards[p], st.game.misplays)
    return sum(PAT_VALUE[t] for t in where["unassigned"])


def ranks(st) -> dict:
    sheet = score_sheet(st)
    key = {p: (sheet[p]["total"], tie_break(st, p)) for p in sheet}
    return {p: 1 + sum(1 for q in sheet if key[q] > key[p]) for p in sheet}
