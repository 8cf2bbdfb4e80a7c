"""The seed: the first printing's Slave card is the Fakir. 'Slave' is read as the Fakir in positions,
records and the notation (one alias table, ``components.CARD_ALIASES``); under
``Game(slave_name=True)`` the card is shown as Slave. Positions and records stay written with the
card's own name."""

import json
import tokenize
from pathlib import Path

import pytest

from boardlab.core.errors import InvalidPosition
from boardlab.core.record import replay
from boardlab.fivetribes import Game
from boardlab.fivetribes.components import CARD_ALIASES, CARD_NAMES, FAKIR


def _with_slaves(d):
    """The position ``d`` with every Fakir named Slave (players' cards and the resource piles)."""
    d = json.loads(json.dumps(d))
    for key in ("resource_deck", "resource_row", "resource_discard"):
        d[key] = ["Slave" if n == "Fakir" else n for n in d[key]]
    for row in d["players"]:
        row["cards"] = {("Slave" if n == "Fakir" else n): k for n, k in row["cards"].items()}
    return d


def _a_position_holding_fakirs(game):
    st = game.new_game(3)
    d = st.to_json()
    d["players"][0]["cards"]["Fakir"] = 2
    d["resource_deck"].remove("Fakir")
    d["resource_deck"].remove("Fakir")
    return d


@pytest.mark.parametrize("slave_name", [False, True])
def test_a_position_naming_slave_reads_it_as_the_fakir(slave_name):
    game = Game(players=2, slave_name=slave_name)
    d = _a_position_holding_fakirs(game)
    slaves = _with_slaves(d)
    assert "Slave" in slaves["players"][0]["cards"] and "Slave" in json.dumps(slaves["resource_deck"])
    st = game.state_from_json(slaves)
    assert st.cards[0][FAKIR] == 2
    assert st == game.state_from_json(d) and st.to_json() == game.state_from_json(d).to_json()
    assert "Slave" not in json.dumps(st.to_json())  # written with the card's own name
    assert "Slave" in json.dumps(slaves)  # the caller's data is not changed
    assert st.card_name(FAKIR) == ("Slave" if slave_name else "Fakir")


def test_a_player_naming_the_fakir_twice_is_refused_naming_the_field():
    game = Game(players=2)
    d = _a_position_holding_fakirs(game)
    d["players"][0]["cards"]["Slave"] = 1
    with pytest.raises(InvalidPosition, match=r"players\[0\]\.cards: expected each card once: 'Slave' is another name of 'Fakir'"):
        game.state_from_json(d)


@pytest.mark.parametrize("fakir, slave", [
    ("builders: discard 2 fakirs", "builders: discard 2 Slaves"),
    ("builders: discard 1 fakir", "builders: discard 1 slave"),
    ("bid slot 8 (12 gold, Kumarbi: 1 fakir)", "bid slot 8 (12 gold, Kumarbi: 1 slave)"),
    ("take djinn Enki (pay elder+fakir)", "take djinn Enki (pay elder+slave)"),
    ("use Enki on B2 (pay fakir)", "use Enki on B2 (pay Slave)"),
])
@pytest.mark.parametrize("slave_name", [False, True])
def test_the_notation_reads_slave_as_fakir(fakir, slave, slave_name):
    game = Game(players=2, slave_name=slave_name)
    assert game.parse_action(slave) == game.parse_action(fakir)


def test_a_record_whose_actions_say_slave_replays_as_the_fakir_one():
    """A record of the shipped golden games with every 'fakir' written 'slave' replays to the same state."""
    from boardlab.core.golden import read_record

    for path in sorted(Path(__file__).parent.glob("golden/*.txt")):
        record = read_record(path)
        data = record.to_json()
        data["actions"] = [a.replace("fakirs", "slaves").replace("fakir", "slave") for a in data["actions"]]
        assert replay(data) == replay(record.to_json())


def test_the_alias_lives_in_one_table():
    """No code outside components.py (the alias table) and glossary.py (the Korean label) spells the
    alias: only docstrings and comments mention it."""
    assert CARD_ALIASES == {"Slave": CARD_NAMES[FAKIR]}
    package = Path(__file__).parents[2] / "boardlab" / "fivetribes"
    for path in sorted(package.glob("*.py")):
        if path.name in ("components.py", "glossary.py"):
            continue
        with path.open("rb") as f:
            strings = [t.string for t in tokenize.tokenize(f.readline)
                       if t.type == tokenize.STRING and not t.string.startswith(('"' * 3, "'" * 3))]
        assert not [s for s in strings if "slave" in s.lower().replace("slave_name", "")], path.name
