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


# ------------------------------------------------ White Castle: markers, arrival order, a pending decision
def _wc(players=2):
    from boardlab.whitecastle import Game as WhiteCastle

    return WhiteCastle(players=players)


def test_whitecastle_time_and_arrival_place_the_markers_and_the_turn_order_follows():
    built = _wc(3).build_position({"time": {0: 7, 1: 7, 2: 4}, "time_arrival": [1, 0, 2]}, seed=3)
    assert [p["time"] for p in built.position["players"]] == [7, 7, 4] and built.report == ()
    assert built.state.turn_order_from_time() == [0, 1, 2]  # player 0 arrived last on space 7: on top
    built = _wc(3).build_position({"time": {0: 7, 1: 7, 2: 4}, "time_arrival": [0, 1, 2]}, seed=3)
    assert built.state.turn_order_from_time() == [1, 0, 2]


def test_whitecastle_markers_sharing_a_space_without_an_arrival_order_are_reported():
    built = _wc().build_position({"time": {1: 3}}, seed=2)
    assert built.position["players"][1]["time"] == 3 and built.report == ()
    built = _wc().build_position({"time": {0: 3, 1: 3}}, seed=2)
    assert built.report == ("The markers on Passage of Time space 3 stack with player 0 on top, then 1 "
                            "(describe time_arrival to choose).",)


@pytest.mark.parametrize("description, field, says", [
    ({"time": {0: 21}}, "time.0", "a Passage of Time space 0-20, got 21"),
    ({"time_arrival": [0, 0]}, "time_arrival", "each of the seats 0-1 once"),
    ({"time_arrival": [0, 1, "2"]}, "time_arrival", "each of the seats 0-1 once"),
    ({"pending": "gate"}, "pending", "'courtier' or {'time': steps}"),
    ({"pending": {"time": 0}}, "pending", "steps 1-20"),
    ({"pending": "courtier"}, "pending", "could only decline this Courtier action"),
    ({"pending": "courtier", "goods": {0: {"coin": 2}}, "bridges": {c: [1, 2, 3] for c in COLOURS_WC}},
     "pending", "describe one bridge with a die fewer"),
    ({"bridges": {c: [] for c in COLOURS_WC}}, "bridges", "leave at least one die on a bridge"),
])
def test_whitecastle_refusals_of_the_new_fields_say_what_to_change(description, field, says):
    with pytest.raises(PositionRefused, match=r"^" + field.replace(".", r"\.")) as refused:
        _wc().build_position(description, seed=4)
    assert says in str(refused.value)


def test_whitecastle_pending_courtier_action_is_asked_with_the_turns_die_on_the_well():
    built = _wc().build_position({"goods": {0: {"coin": 2}}, "pending": "courtier"}, seed=5)
    state = built.state
    assert (state.to_move, state.decision) == (0, ("courtier", False, False))
    assert [str(a) for a in state.legal_actions()][-1].startswith("send a courtier to the gate")
    assert built.position["space_dice"]["WELL"] == [1]
    assert len(built.report) == 1 and "right-end die is on the Well" in built.report[0]
    described = _wc().build_position({"goods": {0: {"coin": 2}}, "pending": "courtier",
                                      "bridges": {c: [2, 2, 2] for c in ("coral", "black")}}, seed=5)
    assert described.position["bridges"]["coral"] == described.position["bridges"]["black"] == [2, 2, 2]


def test_whitecastle_pending_time_move_stops_at_a_gate_it_can_pay_and_runs_otherwise():
    asked = _wc().build_position({"time": {0: 5}, "goods": {0: {"seal": 1}}, "pending": {"time": 2}}, seed=1).state
    assert [a.kind for a in asked.legal_actions()] == ["timepay", "timestop"]
    ran = _wc().build_position({"time": {0: 1}, "pending": {"time": 3}}, seed=1).state
    assert ran.players[0].time == 4 and ran.to_move == 1  # the move ran, the turn passed


def test_whitecastle_build_on_a_played_position_gives_player_0_a_new_courtier_action():
    game = _wc()
    state = game.build_position({"goods": {0: {"coin": 2}}, "pending": "courtier"}, seed=5).state
    from boardlab.whitecastle.actions import Action

    state.apply(Action("gate"))
    while state.to_move == 0:
        state.apply(state.legal_actions()[0])
    assert state.to_move == 1 and state.turn == 1
    built = game.build_position({"goods": {0: {"pearl": 2}}, "pending": "courtier"}, start=state)
    assert (built.state.to_move, built.state.decision) == (0, ("courtier", False, False))
    assert built.position["players"][0]["court"] == state.to_json()["players"][0]["court"]
    assert built.report == ("Player 0 decides, not player 1: the pending decision is player 0's.",
                            "turn is 0, not 1: each turn this round took one of the 1 dice off the bridges.")


def test_whitecastle_rules_md_example_asks_the_gate_to_space_6_as_its_prose_says():
    import re
    from pathlib import Path

    from boardlab import whitecastle

    text = (Path(__file__).parents[2] / "boardlab" / "whitecastle" / "RULES.md").read_text(encoding="utf-8")
    assert "stands in front\nof the gate to space 6 with 1 seal" in text
    code = re.search(r"```python\nbuilt = (whitecastle\.Game.*?)\n```", text, re.S).group(1)
    state = eval(code, {"whitecastle": whitecastle}).state
    assert (state.players[0].time, state.players[0].goods["seal"]) == (5, 1)
    assert [str(a) for a in state.legal_actions()] == ["pay 1 seal to pass the Passage of Time gate",
                                                       "stop on Passage of Time space 5"]


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_random_descriptions_report_and_refuse_in_korean_with_no_english_sentence_left(name):
    """Issue 27 point 4: built in Korean, every report sentence and every refusal reads in Korean
    (no three English words in a row, quoted input aside); each is written once, in English and
    Korean side by side (a ``Said``), and English stays the default, unchanged."""
    from boardlab.core import glossary
    from boardlab.core.positions import Said
    from tests.korean_checks import english_left

    rng = random.Random(f"positions-{name}")
    kinds, left = set(), []
    for _ in range(120):
        game = Game.by_name(name)(players=rng.choice(PLAYERS[name]))
        description = DESCRIPTIONS[name](rng, game.players)
        seed = rng.randrange(1, 10**6)
        glossary.use_language("ko")
        try:
            built = game.build_position(description, seed=seed)
        except PositionRefused as exc:
            assert isinstance(exc.message, Said), str(exc)
            assert exc.text("en") == str(exc) and exc.text("ko") == exc.text() != str(exc)
            texts = [exc.text("ko")]
            kinds.add(("refused", exc.field.split(".")[0]))
        else:
            assert all(isinstance(s, Said) for s in built.sentences), built.sentences
            assert built.report == built.report_in("ko")
            glossary.use_language("en")
            assert game.build_position(description, seed=seed).report == built.report_in("en")
            texts = built.report
            kinds.update(("report", s.split()[0]) for s in built.report_in("en"))
        finally:
            glossary.use_language("en")
        for text in texts:
            phrase = english_left(text)
            if phrase or not glossary.has_hangul(text):
                left.append(f"{phrase!r} in {text!r}")
    assert not left, f"{name}: English left in Korean:\n" + "\n".join(left[:10])
    assert len(kinds) >= 5, kinds  # reports and refusals of several kinds were read


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_an_unknown_field_is_refused_in_korean_with_the_fields_explained_in_korean(name):
    from tests.korean_checks import english_left

    with pytest.raises(PositionRefused) as caught:
        Game.by_name(name)().build_position({"dice": [1, 2]})
    field, detail = caught.value.explain("ko")
    assert field == "dice" and detail.startswith(f"{name} 설명의 필드가 아닙니다")
    assert english_left(detail) is None, detail
    if name == "alea":
        assert "roll: 둘 차례인 플레이어가 굴린 주사위" in detail


def test_a_refusal_and_its_korean_survive_copy_and_pickle():
    import pickle

    from boardlab.core.positions import said

    exc = PositionRefused("roll", said("alea", "at most {n} dice", "주사위는 {n}개까지", n=3))
    back = pickle.loads(pickle.dumps(exc))
    assert (str(back), back.text("ko")) == ("roll: at most 3 dice", "roll: 주사위는 3개까지")
    assert copy.deepcopy(exc.message).korean == "주사위는 3개까지"


BAD_FIELDS = {  # a refusal of each kind the random descriptions rarely give: wrong shapes and values
    "whitecastle": [{"bridges": []}, {"bridges": {"pink": [1]}}, {"rooms": {0: 5}}, {"rooms": {0: {"x": 1}}},
                    {"rooms": {0: {"card": "x"}}}, {"rooms": {0: {"tiles": 5}}}, {"decks": {"x": []}},
                    {"decks": {"steward": 5}}, {"decks": {"steward": ["x"]}}, {"decks": {"steward": ["steward:1"] * 2}},
                    {"goods": {0: 3}}, {"lantern": {0: 5}}, {"time": {0: 99}}, {"time_arrival": 3},
                    {"pending": "gate"}, {"well_tiles": 3}],
    "fivetribes": [{"meeples": 3}, {"meeples": {"C3": 3}}, {"meeples": {"C3": {"pink": 1}}}, {"gold": {0: -1}},
                   {"finished": 2}, {"gold": {9: 1}}],
    "alea": [{"roll": 5}, {"roll": [0]}, {"provinces": {0: "x"}}, {"patricians": {0: ["pink man V"]}},
             {"chips": {0: 99}}, {"senate_cards": 3}],
    "elgrande": [{"caballeros": []}, {"caballeros": {"madrid": {}}}, {"caballeros": {"galicia": {0: 99}}},
                 {"king": "madrid"}, {"grandes": {0: "madrid"}}, {"round": 99}, {"grandes": 3}],
}


@pytest.mark.parametrize("name", sorted(BAD_FIELDS))
def test_every_kind_of_bad_field_is_refused_in_korean_naming_the_field(name):
    from boardlab.core.glossary import has_hangul
    from tests.korean_checks import english_left

    game = Game.by_name(name)()
    for description in BAD_FIELDS[name]:
        with pytest.raises(PositionRefused) as caught:
            game.build_position(description)
        field, detail = caught.value.explain("ko")
        assert field.split(".")[0] in description, (description, field)
        assert english_left(detail) is None and has_hangul(detail), (description, detail)
