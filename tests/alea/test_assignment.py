"""The end-game assignment of patricians (PUB: once, at the end, each player's own choice): the
engine finds the best one, checked against a brute-force oracle that tries every legal assignment."""

import random

import pytest

from boardlab.alea import Game
from boardlab.alea.components import (
    BORDER, BORDER_COLOURS, FREE, JOKER, NPAT, NPROV, PAT_COLOUR, PAT_SEX, PAT_VALUE, PROV_COLOUR, SENATE,
)
from boardlab.alea.scoring import PROVINCE_FORMULAS, assign, assignment_sheet, player_sheet
from tests.alea.helpers import card, pat, prov


def sheet(provinces, patricians, cards, game=Game(players=4)):
    return player_sheet(game, [prov(p) for p in provinces], [pat(p) for p in patricians],
                        [card(c) for c in cards], [], 0)


def test_the_issue_example_an_empty_province_and_the_border_couple_score_6_not_5():
    """Red province IV, card XII (red/green), a red man I and a green woman I: the man in the province
    scores 4 + 1 = 5; leaving the province empty (4 - 1 = 3) and marrying the two on the border card
    (3) scores 6."""
    s = sheet(["Hispania IV"], ["red man I", "green woman I"], ["XII"])
    assert (s["provinces"], s["patricians"], s["senate"], s["total"]) == (3, 0, 3, 6)
    where = assign([prov("Hispania IV")], [pat("red man I"), pat("green woman I")], [card("XII")])
    assert where["ordinary"] == [(prov("Hispania IV"), [])]
    assert sorted(where["border"]) == sorted([pat("red man I"), pat("green woman I")])


def test_equal_totals_keep_the_higher_value_unassigned_the_tie_break():
    # card XII pays a flat 3: the cheapest mixed couple goes there, the valuable ones stay out
    where = assign([], [pat("red man I"), pat("red man III"), pat("green woman II")], [card("XII")])
    assert sorted(where["border"]) == sorted([pat("red man I"), pat("green woman II")])
    assert where["unassigned"] == [pat("red man III")]


# -- the oracle ------------------------------------------------------------------------------------
def _legal_places(t, provinces, cards):
    places = ["none"] + [("province", p) for p in provinces if p != JOKER and PROV_COLOUR[p] == PAT_COLOUR[t]]
    places += ["joker"] if JOKER in provinces else []
    places += ["border"] if BORDER in cards and PAT_COLOUR[t] in BORDER_COLOURS else []
    places += [("free", k) for k in range(cards.count(FREE))]
    places += ["extra"] if any(SENATE[c].effect == "extra_patrician" for c in cards) else []
    return places


def _every_assignment(provinces, patricians, cards):
    """Every legal assignment (the rules, written out independently of the engine's search)."""
    nxi = sum(1 for c in cards if SENATE[c].effect == "extra_patrician")

    def rec(i, chosen):
        if i == len(patricians):
            yield from _as_where(chosen, provinces, cards, nxi)
            return
        for place in _legal_places(patricians[i], provinces, cards):
            yield from rec(i + 1, chosen + [(patricians[i], place)])

    yield from rec(0, [])


def _as_where(chosen, provinces, cards, nxi):
    inside = {}
    for t, place in chosen:
        inside.setdefault(place, []).append(t)
    for place, ps in inside.items():
        if place not in ("none", "extra") and (len([t for t in ps if PAT_SEX[t] == 0]) > 1
                                               or len([t for t in ps if PAT_SEX[t] == 1]) > 1):
            return  # a province holds at most one man and one woman
        if isinstance(place, tuple) and place[0] == "free" and len({PAT_COLOUR[t] for t in ps}) > 1:
            return  # a free province takes a couple of one colour (assumed)
    extras = inside.get("extra", [])
    couples = [PROV_COLOUR[p] for p in provinces if len(inside.get(("province", p), ())) == 2]
    if len(extras) > nxi or any(sum(1 for t in extras if PAT_COLOUR[t] == c) > couples.count(c) for c in set(
            PAT_COLOUR[t] for t in extras)):
        return  # card XI: one more patrician of a couple's colour, one per couple and per card
    yield {"ordinary": [(p, inside.get(("province", p), [])) for p in provinces if p != JOKER],
           "joker": inside.get("joker", []) if JOKER in provinces else None,
           "border": inside.get("border", []) if BORDER in cards else None,
           "free": [inside.get(("free", k), []) for k in range(cards.count(FREE))],
           "extra": extras, "unassigned": inside.get("none", [])}


def _key(formula, provinces, cards, where, misplays):
    s = assignment_sheet(formula, provinces, cards, where, misplays)
    return sum(s.values()), sum(PAT_VALUE[t] for t in where["unassigned"])


CARD_POOL = ["III", "VII", "VIII", "XI", "XII", "XIII", "XIII", "I"]
SCORING_MISPLAYS = ((), ("card_xii_half_couple",), ("card_vii_border_one_colour",), ("unassigned_patricians_count",))


@pytest.mark.parametrize("seed", range(6))
def test_the_best_assignment_equals_the_brute_force_oracle_on_random_small_hands(seed):
    rng = random.Random(seed)
    formula = PROVINCE_FORMULAS["additive"]
    for _ in range(50):
        colours = rng.sample(range(6), 2)  # few colours: the shared places are contested
        provinces = sorted(rng.sample([t for t in range(NPROV) if t == JOKER or PROV_COLOUR[t] in colours],
                                      rng.randint(0, 3)))
        patricians = sorted(rng.sample([t for t in range(NPAT) if PAT_COLOUR[t] in colours], rng.randint(1, 5)))
        cards = sorted(card(c) for c in rng.sample(CARD_POOL, rng.randint(0, 4)))
        misplays = rng.choice(SCORING_MISPLAYS)
        best = max(_key(formula, provinces, cards, w, misplays) for w in _every_assignment(provinces, patricians, cards))
        where = assign(provinces, patricians, cards, misplays)
        assert _normal(where) in [_normal(w) for w in _every_assignment(provinces, patricians, cards)]
        assert _key(formula, provinces, cards, where, misplays) == best, (provinces, patricians, cards, misplays)


def _normal(where):
    """An assignment with its lists sorted (free provinces are alike: their order does not matter)."""
    return ([(t, sorted(ps)) for t, ps in where["ordinary"]], sorted(where["joker"] or []) if where["joker"] is not None
            else None, sorted(where["border"]) if where["border"] is not None else None,
            sorted(sorted(ps) for ps in where["free"]), sorted(where["extra"]), sorted(where["unassigned"]))


def test_the_oracle_is_not_vacuous_the_old_greedy_rule_loses_to_it_somewhere():
    """The oracle finds better assignments than a simple greedy one (the issue's example among them)."""
    provinces, patricians, cards = [prov("Hispania IV")], [pat("red man I"), pat("green woman I")], [card("XII")]
    keys = {_key(PROVINCE_FORMULAS["additive"], provinces, cards, w, ()) for w in
            _every_assignment(provinces, patricians, cards)}
    assert max(keys)[0] == 6 and (5, 1) in keys  # 5: the man in the province, the woman out


def test_a_changed_answer_never_changes_the_cached_one():
    provinces, patricians, cards = [prov("Hispania IV")], [pat("red man I"), pat("green woman I")], [card("XII")]
    first = assign(provinces, patricians, cards)
    first["border"].clear()
    first["ordinary"][0][1].append("scribble")
    assert assign(provinces, patricians, cards) == assign(provinces, patricians, cards) != first
    assert sorted(assign(provinces, patricians, cards)["border"]) == sorted(patricians)


def test_a_formula_registered_again_under_its_name_is_not_answered_from_the_cache(monkeypatch):
    """The cache keys on the formula itself: replacing the function behind a name changes the answer."""
    provinces, patricians, cards = [prov("Hispania IV")], [pat("red man I"), pat("green woman I")], [card("XII")]
    assert assign(provinces, patricians, cards, province_formula="additive")["ordinary"] == [(prov("Hispania IV"), [])]
    monkeypatch.setitem(PROVINCE_FORMULAS, "additive", lambda value, pats: 10 * value + sum(pats) if pats else 0)
    where = assign(provinces, patricians, cards, province_formula="additive")
    assert where["ordinary"] != [(prov("Hispania IV"), [])]  # an empty province now scores 0: someone goes in
