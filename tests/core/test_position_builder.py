"""The teaching-position builder of every game (boardlab.core.positions): 200 random partial
descriptions per game are either built (the state passes the game's full validation, its record
replays, and every described value is in it) or refused with a message naming the field to change."""

from __future__ import annotations

import copy
import random

import pytest

from boardlab.core.errors import InvalidPosition
from boardlab.core.game import Game
from boardlab.core.positions import PositionRefused
from boardlab.core.record import replay

COLOURS_WC = ("coral", "black", "white")


def whitecastle(rng, players):
    from boardlab.whitecastle import components as C

    d = {}
    if rng.random() < 0.6:
        d["bridges"] = {c: sorted(rng.randint(1, 6) for _ in range(rng.randint(0, players + 1 + (rng.random() < 0.1))))
                        for c in rng.sample(COLOURS_WC, rng.randint(1, 3))}
    if rng.random() < 0.5:
        d["rooms"] = {rng.randrange(5): {"tiles": [rng.choice(COLOURS_WC) for _ in range(3)]}}
        room = next(iter(d["rooms"]))
        if room >= 3:
            d["rooms"][room]["tiles"] = d["rooms"][room]["tiles"][:2]
    if rng.random() < 0.2:
        deck = rng.choice(("steward", "diplomat"))
        d["decks"] = {deck: [] if rng.random() < 0.5 else rng.sample(C.deck(deck, players), 2)}
    if rng.random() < 0.3:
        d["goods"] = {rng.randrange(players + (rng.random() < 0.1)): {"coin": rng.randint(-1, 9)}}
    if rng.random() < 0.3:
        d["time"] = {rng.randrange(players): rng.randint(-1, 21) for _ in range(rng.randint(1, 3))}
    if rng.random() < 0.2:
        d["time_arrival"] = rng.sample(range(players), players) if rng.random() < 0.8 else [0] * players
    if rng.random() < 0.3:
        d["pending"] = rng.choice(["courtier", {"time": rng.randint(0, 4)}, "gate"])
    return d


def fivetribes(rng, players):
    from boardlab.fivetribes.components import COLOURS, TILE_NAMES

    d = {}
    if rng.random() < 0.7:
        d["meeples"] = {rng.choice(TILE_NAMES + ("G9",)): {rng.choice(COLOURS): rng.randint(0, 14)}
                        for _ in range(rng.randint(1, 3))}
    if rng.random() < 0.4:
        d["finished"] = True
    if rng.random() < 0.3:
        d["gold"] = {rng.randrange(players): rng.randint(0, 80)}
    return d


def alea(rng, players):
    from boardlab.alea import components as C

    d = {}
    if rng.random() < 0.5:
        d["roll"] = [rng.randint(1, 6 + (rng.random() < 0.05)) for _ in range(rng.randint(1, 9))]
    for kind, labels in (("provinces", C.PROV_LABELS), ("patricians", C.PAT_LABELS),
                         ("senate_cards", [c.name for c in C.SENATE])):
        if rng.random() < 0.4:
            d[kind] = {rng.randrange(players): rng.sample(list(labels), rng.randint(0, 4))}
    if rng.random() < 0.2:
        d["chips"] = {rng.randrange(players): rng.randint(0, 31)}
    return d


def elgrande(rng, players):
    from boardlab.elgrande import components as C

    d = {}
    if rng.random() < 0.8:
        d["caballeros"] = {rng.choice(C.REGION_IDS + ("castillo", "madrid")): {rng.randrange(players): rng.randint(0, 31)}
                           for _ in range(rng.randint(1, 3))}
    if rng.random() < 0.3:
        d["king"] = rng.choice(C.REGION_IDS + ("castillo",))
    if rng.random() < 0.2:
        d["grandes"] = {rng.randrange(players + 1): rng.choice(C.REGION_IDS + ("madrid",))}
    if rng.random() < 0.2:
        d["round"] = rng.randint(0, 10)
    return d


DESCRIPTIONS = {"whitecastle": whitecastle, "fivetribes": fivetribes, "alea": alea, "elgrande": elgrande}
PLAYERS = {"whitecastle": (2, 3, 4), "fivetribes": (2, 3, 4), "alea": (2, 3, 4, 5), "elgrande": (2, 3, 4, 5)}


def _holds(name, state, description) -> None:
    """Every described value is in the built position (the builder never changes one)."""
    d = state.to_json()
    if name == "whitecastle":
        for colour, dice in description.get("bridges", {}).items():
            assert d["bridges"][colour] == sorted(dice)
        for r, room in description.get("rooms", {}).items():
            assert d["rooms"][int(r)]["tiles"] == room["tiles"]
        for deck, cards in description.get("decks", {}).items():
            assert d["decks"][deck] == cards
        for p, space in description.get("time", {}).items():
            assert d["players"][p]["time"] == space or description.get("pending") not in (None, "courtier")
        arrival = description.get("time_arrival")
        if arrival and "pending" not in description:
            assert sorted(range(len(arrival)), key=lambda p: d["players"][p]["time_stamp"]) == arrival
        if description.get("pending") == "courtier":
            assert (d["actor"], d["decision"]) == (0, ["courtier", False, False])
    elif name == "fivetribes":
        from boardlab.fivetribes.components import COLOURS, TILE_NAMES

        for tile, counts in description.get("meeples", {}).items():
            for colour, n in counts.items():
                assert d["meeples"][TILE_NAMES.index(tile)][COLOURS.index(colour)] == n
        assert state.is_over == bool(description.get("finished"))
    elif name == "alea":
        if "roll" in description:
            assert d["hand"] == sorted(description["roll"])
        for kind in ("provinces", "patricians", "senate_cards"):
            for p, labels in description.get(kind, {}).items():
                assert sorted(d["players"][int(p)][kind]) == sorted(labels)
    else:
        for place, counts in description.get("caballeros", {}).items():
            for c, n in counts.items():
                assert d["caballeros"][place][int(c)] == n
        if "king" in description:
            assert d["king"] == description["king"]
        for c, region in description.get("grandes", {}).items():
            assert d["grandes"][int(c)] == region
        if "round" in description:
            assert state.round == description["round"]


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_200_random_descriptions_are_built_and_replay_or_refused_naming_the_field(name):
    rng = random.Random(f"positions-{name}")
    built = refused = 0
    for i in range(200):
        game = Game.by_name(name)(players=rng.choice(PLAYERS[name]))
        description = DESCRIPTIONS[name](rng, game.players)
        before = copy.deepcopy(description)
        try:
            result = game.build_position(description, seed=rng.randrange(1, 10**6))
        except InvalidPosition as exc:
            refused += 1
            fields = {str(k) for k in description} | {"description"}
            assert any(f in str(exc) for f in fields), (description, str(exc))
            assert isinstance(exc, PositionRefused), (description, str(exc))
            continue
        finally:
            assert description == before  # the caller's description is never changed
        built += 1
        state = result.state
        assert all(isinstance(s, str) and s for s in result.report)
        assert game.state_from_json(state.to_json()) == state  # the full validation, again
        _holds(name, state, description)
        play = state.copy()
        for _ in range(3):
            if play.is_over:
                break
            play.apply(rng.choice(play.legal_actions()))
        assert replay(play.record) == play
    assert built >= 60 and refused >= 5, (built, refused)  # both paths are exercised


def test_a_description_naming_an_unknown_field_is_refused_listing_the_fields():
    from boardlab.alea import Game as Alea

    with pytest.raises(PositionRefused, match=r"dice: not a field of a alea description; the fields are roll: "):
        Alea(players=2).build_position({"dice": [1, 2]})


def test_the_same_description_and_seed_build_the_same_position_and_other_seeds_fill_from_their_own_deal():
    from boardlab.whitecastle import Game as WhiteCastle

    game = WhiteCastle(players=2)
    a, b = (game.build_position({"bridges": {"coral": [2, 6]}}, seed=5) for _ in range(2))
    assert a.position == b.position and a.report == b.report
    c = game.build_position({"bridges": {"coral": [2, 6]}}, seed=6)
    assert c.position["rooms"] == game.new_game(6).to_json()["rooms"]  # seed 6's own rooms, not seed 1's


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_the_rules_md_example_builds_the_report_it_shows(name):
    import importlib
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "boardlab" / name / "RULES.md").read_text(encoding="utf-8")
    section = text[text.index("## Teaching positions (`Game.build_position`)"):]
    section = section[:section.find("\n## ", 3)] if "\n## " in section[3:] else section
    code = re.search(r"```python\nbuilt = (.*?)\n```", section, re.S).group(1)
    shown = re.findall(r"^- (.*)$", section.split("`built.report`:", 1)[1], re.M)
    built = eval(code, {name: importlib.import_module(f"boardlab.{name}")})
    assert list(built.report) == shown and shown
