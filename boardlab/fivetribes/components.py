"""Component data of Five Tribes, read from the CSV tables in ``data/``.

Every row carries a ``source`` (keys listed in RULES.md, Sources; ``KO`` = the seed)
and a ``status``: ``confirmed`` or ``assumed``. ``assumed_values()`` lists the assumed rows;
``RULES.md`` explains each. Rule code asks this module for values and never hard-codes a
component.

Indices used everywhere in the engine (plain ints, so the hot path stays cheap):

* tiles ``0..29``: ``row * 6 + column``; named ``A1`` (column letter A-F, row number 1-5);
* meeple colours ``0..4``: yellow (Viziers), white (Elders), green (Merchants), blue
  (Builders), red (Assassins);
* resource cards ``0..9``: the nine merchandise types, then ``FAKIR`` (9);
* djinns ``0..21`` in the order of ``djinns.csv`` (alphabetical).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources


def _read(name: str) -> list[dict]:
    with resources.files("boardlab.fivetribes").joinpath("data").joinpath(name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


TABLES = ("tiles.csv", "meeples.csv", "resources.csv", "set_values.csv", "bid_track.csv",
          "djinns.csv", "payments.csv", "constants.csv")

# -- constants -------------------------------------------------------------------------------
_CONST = {row["key"]: int(row["value"]) for row in _read("constants.csv")}


def const(key: str) -> int:
    """A numeric constant of ``constants.csv`` (KeyError naming it when unknown)."""
    try:
        return _CONST[key]
    except KeyError:
        raise KeyError(f"no constant {key!r} in constants.csv; known: {sorted(_CONST)}") from None


ROWS = const("rows")
COLS = const("columns")
NTILES = ROWS * COLS
COL_LETTERS = "ABCDEFGHIJ"[:COLS]


def tile_name(t: int) -> str:
    return f"{COL_LETTERS[t % COLS]}{t // COLS + 1}"


TILE_NAMES = tuple(tile_name(t) for t in range(NTILES))
TILE_INDEX = {name: t for t, name in enumerate(TILE_NAMES)}

# -- tiles -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TileType:
    """One kind of tile (a row of tiles.csv); ``kind`` is the action name."""

    name: str
    value: int
    blue: bool
    kind: str  # palace | djinn | palm | small market | large market

    @property
    def label(self) -> str:
        return f"{self.name} {self.value}"


TILE_TYPES: tuple[TileType, ...] = ()
_tiles = []
for _row in _read("tiles.csv"):
    _tiles.append((TileType(_row["type"], int(_row["value"]), _row["value_colour"] == "blue", _row["action"]),
                   int(_row["count"])))
TILE_TYPES = tuple(t for t, _ in _tiles)
TILE_COUNTS = tuple(n for _, n in _tiles)
#: the 30 tiles of the box, as indices into TILE_TYPES (shuffled onto the board at setup)
TILE_SET = tuple(i for i, n in enumerate(TILE_COUNTS) for _ in range(n))
assert len(TILE_SET) == NTILES, "tiles.csv must describe exactly rows*columns tiles"
TILE_TYPE_INDEX = {t.label: i for i, t in enumerate(TILE_TYPES)}
#: per tile type (index into TILE_TYPES): its action, whether its value is blue, its printed value
TILE_KIND = tuple(t.kind for t in TILE_TYPES)
TILE_BLUE = tuple(t.blue for t in TILE_TYPES)
TILE_VALUE = tuple(t.value for t in TILE_TYPES)

# -- meeples -----------------------------------------------------------------------------------
_meeples = _read("meeples.csv")
COLOURS = tuple(r["colour"] for r in _meeples)
TRIBES = tuple(r["tribe"] for r in _meeples)
MEEPLE_COUNTS = tuple(int(r["count"]) for r in _meeples)
KEPT = tuple(r["kept"] == "yes" for r in _meeples)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
YELLOW, WHITE, GREEN, BLUE, RED = (COLOUR_INDEX[c] for c in ("yellow", "white", "green", "blue", "red"))
assert sum(MEEPLE_COUNTS) == NTILES * const("meeples_per_tile")

# -- resource cards ------------------------------------------------------------------------------
_res = _read("resources.csv")
CARD_NAMES = tuple(r["name"] for r in _res)
CARD_COUNTS = tuple(int(r["count"]) for r in _res)
FAKIR = next(i for i, r in enumerate(_res) if r["kind"] == "fakir")
MERCH = tuple(i for i, r in enumerate(_res) if r["kind"] == "merchandise")
NCARDS = len(CARD_NAMES)
assert FAKIR == NCARDS - 1, "the Fakir must be the last row of resources.csv"
#: other names of a resource card -> its name: the first printing calls the Fakir "Slave" (seed). The one
#: place for the alias: positions, records and the notation all read card names through it.
CARD_ALIASES = {"Slave": CARD_NAMES[FAKIR]}
CARD_INDEX = {n.lower(): i for i, n in enumerate(CARD_NAMES)}
CARD_INDEX.update({alias.lower(): CARD_INDEX[name.lower()] for alias, name in CARD_ALIASES.items()})
#: card index -> its first-printing name, shown under ``Game(slave_name=True)``
FIRST_PRINTING_NAMES = {CARD_INDEX[name.lower()]: alias for alias, name in CARD_ALIASES.items()}
#: every word the notation reads as the Fakir card (lower case)
FAKIR_WORDS = tuple(sorted(n for n, i in CARD_INDEX.items() if i == FAKIR))


def card_name(name):
    """The card's own name for ``name`` when it is an alias (``"Slave"`` -> ``"Fakir"``); other values unchanged."""
    return CARD_ALIASES.get(name, name) if isinstance(name, str) else name


DECK = tuple(i for i, n in enumerate(CARD_COUNTS) for _ in range(n))

SET_VALUES = (0,) + tuple(int(r["value"]) for r in sorted(_read("set_values.csv"), key=lambda r: int(r["distinct"])))


def set_value(distinct: int) -> int:
    """Gold (or VP) for one set of ``distinct`` different merchandise."""
    return SET_VALUES[distinct]


def merchandise_layers(counts) -> tuple[tuple[int, ...], ...]:
    """The best split of a hand into sets of different goods, as positions in ``counts``.

    ``counts`` holds how many cards of each good a hand has (any order of the goods). Layer L is
    the set of every good held at least L times: one set of every good held, then one of every
    good held twice, and so on. Because the set-value table's increments never decrease, no other
    split is worth more (the proof is in ``odds.best_split``). This is the one definition of the
    merchandise value; ``merchandise_points`` and the odds module are built on it.
    """
    out = []
    layer = 1
    while True:
        row = tuple(i for i, c in enumerate(counts) if c >= layer)
        if not row:
            return tuple(out)
        out.append(row)
        layer += 1


def merchandise_points(counts) -> int:
    """Gold (when sold) or VP (at the end) of a hand of merchandise (``counts`` per type), split
    into sets of distinct goods the best way (``merchandise_layers``)."""
    return sum(SET_VALUES[len(layer)] for layer in merchandise_layers(counts))


# -- bid track -----------------------------------------------------------------------------------
BID_COSTS = tuple(int(r["cost"]) for r in sorted(_read("bid_track.csv"), key=lambda r: int(r["slot"])))
ZERO_SLOTS = const("zero_slots")
assert BID_COSTS[:ZERO_SLOTS] == (0,) * ZERO_SLOTS and all(c > 0 for c in BID_COSTS[ZERO_SLOTS:])
#: the spot a 0 bid takes (the front zero spot); earlier zero bidders are pushed towards 0
FRONT_ZERO = ZERO_SLOTS - 1

# -- djinns --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Djinn:
    name: str
    vp: int
    cost: str  # none | E/F | E+E/F | Fakir | Fakir*
    timing: str  # end | passive | turn | builders | assassins | palace | palm | bid
    effect: str
    status: str


DJINNS: tuple[Djinn, ...] = tuple(
    Djinn(r["name"], int(r["vp"]), r["cost"], r["timing"], r["effect"], r["status"]) for r in _read("djinns.csv")
)
DJINN_INDEX = {d.name.lower(): i for i, d in enumerate(DJINNS)}
DJINN_INDEX["ibus"] = DJINN_INDEX["iblis"]  # [OT]'s spelling of the same card


def _dj(name: str) -> int:
    return DJINN_INDEX[name.lower()]


AL_AMIN, ANUN_NAK, BAAL, BOAZ, BOURAQ, ECHIDNA, ENKI, HAGIS, HAURVATAT, IBLIS, JAFAAR, KANDICHA, KUMARBI, \
    LAMIA, LETA, MARID, MONKIR, NEKIR, SHAMHAT, SIBITTIS, SLOAR, UTUG = (_dj(d.name) for d in DJINNS)

#: How a cost may be paid, from ``payments.csv``: ``PAYMENTS[cost]`` lists the (elders, fakirs)
#: pairs that pay it, for each djinn cost class of ``djinns.csv`` and for the sacred place. A cost
#: with no rows ("none"; "Fakir*", Kumarbi's Fakirs chosen when bidding) has no payment.
PAYMENTS: dict[str, tuple[tuple[int, int], ...]] = {d.cost: () for d in DJINNS}
for _row in _read("payments.csv"):
    PAYMENTS[_row["cost"]] = PAYMENTS.get(_row["cost"], ()) + ((int(_row["elders"]), int(_row["fakirs"])),)
#: the price of a djinn at a sacred place: 2 Elders, or 1 Elder + 1 Fakir
SACRED_PAYMENTS = PAYMENTS["sacred place"]
PAY_NAMES = {(1, 0): "elder", (0, 1): "fakir", (2, 0): "elder+elder", (1, 1): "elder+fakir", (0, 0): ""}
PAY_CODES = {v: k for k, v in PAY_NAMES.items()}
assert all(pay in PAY_NAMES for pays in PAYMENTS.values() for pay in pays), "payments.csv: a payment without a name"
#: djinns usable at the turn's first and last decisions (the others act at a fixed moment)
TURN_POWERS = tuple(i for i, d in enumerate(DJINNS) if d.timing == "turn")


def assumed_values() -> list[tuple[str, str, str]]:
    """(table, row key, source) of every value that ships as ``assumed``."""
    out = []
    for name in TABLES:
        for row in _read(name):
            if row["status"] == "assumed":
                key = next(iter(row.values()))
                out.append((name, key, row["source"]))
            elif row["status"] != "confirmed":
                raise ValueError(f"{name}: status must be confirmed or assumed, got {row['status']!r}")
    return out


def table(name: str) -> list[dict]:
    """The rows of one data table (for notebooks and docs)."""
    if name not in TABLES:
        raise ValueError(f"unknown table {name!r}; tables: {', '.join(TABLES)}")
    return _read(name)


# -- board geometry ------------------------------------------------------------------------------


def _nbrs(t: int) -> tuple[int, ...]:
    r, c = divmod(t, COLS)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append(rr * COLS + cc)
    return tuple(out)


def _block(t: int) -> tuple[int, ...]:
    r, c = divmod(t, COLS)
    return tuple(rr * COLS + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                 if 0 <= rr < ROWS and 0 <= cc < COLS)


#: orthogonal neighbours of each tile
NBR = tuple(_nbrs(t) for t in range(NTILES))
#: the tile and its (up to) 8 neighbours, diagonals included
BLOCK = tuple(_block(t) for t in range(NTILES))


def blue_tiles_around(tiles, t: int) -> int:
    """Blue-valued tiles among tile ``t`` and its (up to) 8 neighbours, diagonals included, on a
    board ``tiles`` (the tile-type index of each board tile, like ``state.tiles``). The Builders
    earn this many gold per Builder (and per Fakir added)."""
    return sum(1 for u in BLOCK[t] if TILE_BLUE[tiles[u]])


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance between two tiles."""
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS)
