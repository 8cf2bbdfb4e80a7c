"""Five Tribes actions: small immutable values with a text notation that parses back.

Every action is a NamedTuple whose first field is a ``kind`` string, so actions of different
kinds never compare equal and a mixed list sorts by kind first. ``str(action)`` is the
notation used in records and golden files; ``parse_action(str(a)) == a``.

====================================================  =========================================
notation                                              meaning
====================================================  =========================================
``bid slot 4 (3 gold)``                               put the bidding marker on turn-order spot 4
``bid slot 8 (12 gold, Kumarbi: 1 fakir)``            ... paying one step lower with Kumarbi
``move from C3``                                      pick up every meeple of C3
``drop blue on C4``                                   step to C4 and drop a blue meeple there
``builders: discard 1 fakir``                         builders' gold, with Fakirs added
``kill red on C4`` / ``kill red+blue on C4 (discard 1 fakir)``   Assassins on the board
``kill vizier of player 2`` / ``kill vizier+elder of player 2``   Assassins on a player
``place palm on C3`` / ``place palace on D4 (Hagis, pay elder)``  tile action or djinn placement
``buy Fish (card 2)`` / ``buy Fish (card 2) and Silk (card 5)``   market purchase
``take djinn Enki (pay elder+fakir)``                 sacred place
``use Enki on B2 (pay fakir)`` / ``use Sloar (pay fakir)``        a djinn's paid power
``keep djinn Jafaar``                                 Sibittis: the djinn kept
``sell Fish+Silk (3 gold)``                           sell one set of distinct merchandise
``no legal move``, ``skip market``, ``skip sacred place``, ``no kill``, ``end turn``
====================================================  =========================================

Tiles are named by column letter and row number (``A1`` .. ``F5``); players are numbered from 0.
The Fakir card is always written ``fakir``/``Fakir`` in the notation (the first printing's
``Slave`` is accepted when parsing).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from boardlab.core import glossary
from boardlab.fivetribes.components import (
    BID_COSTS, CARD_INDEX, CARD_NAMES, COLOUR_INDEX, COLOURS, DJINN_INDEX, DJINNS, FAKIR, FAKIR_WORDS, MERCH,
    NTILES, TILE_INDEX, TILE_NAMES, WHITE, YELLOW, set_value,
)

PIECE_NAMES = {YELLOW: "vizier", WHITE: "elder"}
PIECE_INDEX = {"vizier": YELLOW, "elder": WHITE}
PASS_TEXTS = ("no legal move", "skip market", "skip sacred place", "no kill", "end turn")


def bid_price(slot: int, fakirs: int = 0) -> int:
    """Gold asked for a turn-order spot, ``fakirs`` steps lower with Kumarbi."""
    return BID_COSTS[max(slot - fakirs, 0)]


def _fakirs(n: int) -> str:
    return f"{n} fakir" if n == 1 else f"{n} fakirs"


class Bid(NamedTuple):
    kind: str
    slot: int
    fakirs: int = 0

    def __str__(self):
        price = bid_price(self.slot, self.fakirs)
        extra = f", Kumarbi: {_fakirs(self.fakirs)}" if self.fakirs else ""
        return f"bid slot {self.slot} ({price} gold{extra})"


class Move(NamedTuple):
    kind: str
    tile: int

    def __str__(self):
        return f"move from {TILE_NAMES[self.tile]}"


class Drop(NamedTuple):
    kind: str
    colour: int
    tile: int

    def __str__(self):
        return f"drop {COLOURS[self.colour]} on {TILE_NAMES[self.tile]}"


class Builders(NamedTuple):
    kind: str
    fakirs: int

    def __str__(self):
        return f"builders: discard {_fakirs(self.fakirs)}"


class Kill(NamedTuple):
    kind: str
    tile: int  # -1 when the victims are a player's Viziers/Elders
    colours: tuple  # one colour, or two with Iblis
    player: int  # -1 for a kill on the board
    fakirs: int = 0  # discarded for range

    def __str__(self):
        if self.player >= 0:
            return f"kill {'+'.join(PIECE_NAMES[c] for c in self.colours)} of player {self.player}"
        extra = f" (discard {_fakirs(self.fakirs)})" if self.fakirs else ""
        return f"kill {'+'.join(COLOURS[c] for c in self.colours)} on {TILE_NAMES[self.tile]}{extra}"


class Place(NamedTuple):
    kind: str
    item: str  # palm | palace
    tile: int
    pay: str = ""  # "" normally; the payment when Lamia/Hagis moves it

    def __str__(self):
        if self.pay:
            who = "Lamia" if self.item == "palm" else "Hagis"
            return f"place {self.item} on {TILE_NAMES[self.tile]} ({who}, pay {self.pay})"
        return f"place {self.item} on {TILE_NAMES[self.tile]}"


class Buy(NamedTuple):
    kind: str
    positions: tuple  # 1-based positions in the face-up row
    cards: tuple  # card indices, matching positions

    def __str__(self):
        return "buy " + " and ".join(f"{CARD_NAMES[c]} (card {p})" for p, c in zip(self.positions, self.cards))


class TakeDjinn(NamedTuple):
    kind: str
    djinn: int
    pay: str

    def __str__(self):
        return f"take djinn {DJINNS[self.djinn].name} (pay {self.pay})"


class Power(NamedTuple):
    kind: str
    djinn: int
    tile: int  # -1 when the power has no tile
    pay: str

    def __str__(self):
        on = f" on {TILE_NAMES[self.tile]}" if self.tile >= 0 else ""
        return f"use {DJINNS[self.djinn].name}{on} (pay {self.pay})"


class Keep(NamedTuple):
    kind: str
    djinn: int

    def __str__(self):
        return f"keep djinn {DJINNS[self.djinn].name}"


class Sell(NamedTuple):
    kind: str
    cards: tuple  # sorted distinct merchandise indices

    def __str__(self):
        return f"sell {'+'.join(CARD_NAMES[c] for c in self.cards)} ({set_value(len(self.cards))} gold)"


class Pass(NamedTuple):
    kind: str
    what: str  # one of PASS_TEXTS

    def __str__(self):
        return self.what


# -- the form of an action (types and ranges), checked before any rule -----------------------------

PAY_TEXTS = ("", "elder", "fakir", "elder+elder", "elder+fakir")
_MAX_FAKIRS = 18  # Fakir cards in the box


def _int_in(value, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi


def _ints_in(value, lo: int, hi: int, lengths) -> bool:
    return type(value) is tuple and len(value) in lengths and all(_int_in(v, lo, hi) for v in value)


_TILE = (0, NTILES - 1)
_DJINN = (0, len(DJINNS) - 1)
#: per action type: its kind and, per field, (check, what is expected) -- the one statement of the
#: form every action must have (the rules then say whether it is legal now)
_FIELDS = {
    "Bid": ("bid", {"slot": (lambda v: _int_in(v, 0, len(BID_COSTS) - 1), f"a turn-order spot 0..{len(BID_COSTS) - 1}"),
                    "fakirs": (lambda v: _int_in(v, 0, len(BID_COSTS) - 1), "a number of Fakirs 0..8")}),
    "Move": ("move", {"tile": (lambda v: _int_in(v, *_TILE), f"a tile 0..{NTILES - 1}")}),
    "Drop": ("drop", {"colour": (lambda v: _int_in(v, 0, len(COLOURS) - 1), f"a colour 0..{len(COLOURS) - 1}"),
                      "tile": (lambda v: _int_in(v, *_TILE), f"a tile 0..{NTILES - 1}")}),
    "Builders": ("builders", {"fakirs": (lambda v: _int_in(v, 0, _MAX_FAKIRS), "a number of Fakirs 0..18")}),
    "Kill": ("kill", {"tile": (lambda v: _int_in(v, -1, NTILES - 1), f"a tile 0..{NTILES - 1} or -1"),
                      "colours": (lambda v: _ints_in(v, 0, len(COLOURS) - 1, (1, 2)), "a tuple of 1 or 2 colours"),
                      "player": (lambda v: _int_in(v, -1, 3), "a player 0..3 or -1"),
                      "fakirs": (lambda v: _int_in(v, 0, _MAX_FAKIRS), "a number of Fakirs 0..18")}),
    "Place": ("place", {"item": (lambda v: v in ("palm", "palace") and type(v) is str, "'palm' or 'palace'"),
                        "tile": (lambda v: _int_in(v, *_TILE), f"a tile 0..{NTILES - 1}"),
                        "pay": (lambda v: type(v) is str and v in ("", "elder", "fakir"), "'', 'elder' or 'fakir'")}),
    "Buy": ("buy", {"positions": (lambda v: _ints_in(v, 1, 9, (1, 2)), "a tuple of 1 or 2 row positions 1..9"),
                    "cards": (lambda v: _ints_in(v, 0, len(CARD_NAMES) - 1, (1, 2)), "a tuple of 1 or 2 cards")}),
    "TakeDjinn": ("take", {"djinn": (lambda v: _int_in(v, *_DJINN), f"a djinn 0..{len(DJINNS) - 1}"),
                           "pay": (lambda v: type(v) is str and v in PAY_TEXTS, f"a payment {PAY_TEXTS[1:]}")}),
    "Power": ("use", {"djinn": (lambda v: _int_in(v, *_DJINN), f"a djinn 0..{len(DJINNS) - 1}"),
                      "tile": (lambda v: _int_in(v, -1, NTILES - 1), f"a tile 0..{NTILES - 1} or -1"),
                      "pay": (lambda v: type(v) is str and v in PAY_TEXTS, f"a payment {PAY_TEXTS[1:]}")}),
    "Keep": ("keep", {"djinn": (lambda v: _int_in(v, *_DJINN), f"a djinn 0..{len(DJINNS) - 1}")}),
    "Sell": ("sell", {"cards": (lambda v: _ints_in(v, min(MERCH), max(MERCH), range(1, len(MERCH) + 1))
                                and list(v) == sorted(set(v)), "a sorted tuple of distinct merchandise")}),
    "Pass": ("pass", {"what": (lambda v: type(v) is str and v in PASS_TEXTS, f"one of {PASS_TEXTS}")}),
}


def form_problem(action) -> str | None:
    """What is wrong with the form of ``action`` (its type, kind, field types and ranges), or None.

    Rules code may then index tables with its fields; a refusal message may print it."""
    cls = type(action)
    spec = _FIELDS.get(cls.__name__) if cls in ACTION_TYPES else None
    if spec is None:
        names = ", ".join(t.__name__ for t in ACTION_TYPES)
        return f"expected a Five Tribes action ({names}) or its text, got {type(action).__name__}"
    kind, fields = spec
    if action.kind != kind:
        return f"a {cls.__name__} has kind {kind!r}, got {action.kind!r}"
    for name, (ok, expected) in fields.items():
        value = getattr(action, name)
        if not ok(value):
            shown = repr(value)
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            return f"{cls.__name__}.{name}: expected {expected}, got {shown} ({type(value).__name__})"
    if cls is Kill and (action.player >= 0) == (action.tile >= 0):
        return "Kill: expected a tile (player -1) or a player (tile -1)"
    if cls is Buy and len(action.positions) != len(action.cards):
        return "Buy: expected as many cards as positions"
    return None


END_TURN = Pass("pass", "end turn")
NO_MOVE = Pass("pass", "no legal move")
SKIP_MARKET = Pass("pass", "skip market")
SKIP_SACRED = Pass("pass", "skip sacred place")
NO_KILL = Pass("pass", "no kill")
ACTION_TYPES = (Bid, Move, Drop, Builders, Kill, Place, Buy, TakeDjinn, Power, Keep, Sell, Pass)

# -- parsing -----------------------------------------------------------------------------------

_FORMS = (
    "'bid slot N (C gold)', 'bid slot N (C gold, Kumarbi: K fakirs)', 'move from C3', 'drop blue on C4', "
    "'builders: discard N fakirs', 'kill red on C4', 'kill vizier of player 1', 'place palm on C3', "
    "'buy Fish (card 2)', 'take djinn Enki (pay elder)', 'use Enki on B2 (pay fakir)', 'keep djinn Enki', "
    "'sell Fish+Silk (3 gold)', " + ", ".join(repr(p) for p in PASS_TEXTS)
)

#: The Korean notation beside the English one, in the seed's terms (경매, 미플, 파키르, 진, 야자수,
#: 궁전, 고관, 장로, 암살); djinn names written out in Hangul, tiles as on the board (C3). The first
#: template to read a text is used, so the longer forms of an action come first.
KOREAN = glossary.Notation("fivetribes", [
    ("bid slot {slot} ({price} gold, Kumarbi: 1 fakir)", "경매: {slot}번 칸 (금화 {price}, 쿠마르비: 파키르 1장)"),
    ("bid slot {slot} ({price} gold, Kumarbi: {k} fakirs)", "경매: {slot}번 칸 (금화 {price}, 쿠마르비: 파키르 {k}장)"),
    ("bid slot {slot} ({price} gold)", "경매: {slot}번 칸 (금화 {price})"),
    ("move from {tile}", "{tile}에서 미플 모두 집기"),
    ("drop {colour} on {tile}", "{tile}에 {colour} 미플 놓기"),
    ("builders: discard 1 fakir", "건축가: 파키르 1장 버리기"),
    ("builders: discard {k} fakirs", "건축가: 파키르 {k}장 버리기"),
    ("kill {pieces} of player {p}", "플레이어 {p}의 {pieces} 암살"),
    ("kill {colours} on {tile} (discard 1 fakir)", "{tile}의 {colours} 미플 암살 (파키르 1장 버림)"),
    ("kill {colours} on {tile} (discard {k} fakirs)", "{tile}의 {colours} 미플 암살 (파키르 {k}장 버림)"),
    ("kill {colours} on {tile}", "{tile}의 {colours} 미플 암살"),
    ("place {item} on {tile} ({djinn}, pay {pay})", "{tile}에 {item} 놓기 ({djinn}, {pay} 지불)"),
    ("place {item} on {tile}", "{tile}에 {item} 놓기"),
    ("buy {card} (card {p}) and {other} (card {q})", "{card} ({p}번 카드), {other} ({q}번 카드) 사기"),
    ("buy {card} (card {p})", "{card} ({p}번 카드) 사기"),
    ("take djinn {djinn} (pay {pay})", "진 {djinn} 가져오기 ({pay} 지불)"),
    ("use {djinn} on {tile} (pay {pay})", "진 {djinn} 능력 쓰기: {tile} ({pay} 지불)"),
    ("use {djinn} (pay {pay})", "진 {djinn} 능력 쓰기 ({pay} 지불)"),
    ("keep djinn {djinn}", "진 {djinn} 갖기"),
    ("sell {cards} ({n} gold)", "{cards} 팔기 (금화 {n})"),
    ("no legal move", "가능한 이동 없음"),
    ("skip market", "시장 건너뛰기"),
    ("skip sacred place", "성소 건너뛰기"),
    ("no kill", "암살하지 않기"),
    ("end turn", "턴 끝내기"),
], words={
    "yellow": "노란", "white": "흰", "green": "초록", "blue": "파란", "red": "빨간",
    "vizier": "고관", "elder": "장로", "fakir": "파키르", "palm": "야자수", "palace": "궁전",
    "Ivory": "상아", "Jewels": "보석", "Gold": "황금", "Papyrus": "파피루스", "Silk": "비단",
    "Spice": "향신료", "Fish": "생선", "Wheat": "밀", "Pottery": "도자기", "Fakir": "파키르",
    "Al-Amin": "알아민", "Anun-Nak": "아눈낙", "Ba'al": "바알", "Boaz": "보아즈", "Bouraq": "부라크",
    "Echidna": "에키드나", "Enki": "엔키", "Hagis": "하기스", "Haurvatat": "하우르바타트", "Iblis": "이블리스",
    "Jafaar": "자파르", "Kandicha": "칸디샤", "Kumarbi": "쿠마르비", "Lamia": "라미아", "Leta": "레타",
    "Marid": "마리드", "Monkir": "몬키르", "Nekir": "네키르", "Shamhat": "샴하트", "Sibittis": "시비티스",
    "Sloar": "슬로아르", "Utug": "우투그",
}, slots={**{k: r"\d+" for k in ("slot", "price", "k", "p", "q", "n")}, "tile": r"[A-Za-z]\d+",
          **{k: r"\S+" for k in ("colour", "colours", "pieces", "item", "card", "other", "djinn", "cards", "pay")}})


_MAX_DIGITS = 6  # no number of the notation has more; longer ones are refused before int()


def _num(text: str, whole: str, what: str) -> int:
    """A number of the notation (``\\d+`` matched), refusing absurd lengths with a short message."""
    if len(text) > _MAX_DIGITS:
        raise ValueError(f"in {_short(whole)}: {what} {text[:8]}... ({len(text)} digits) is far too large")
    return int(text)


def _short(whole: str) -> str:
    """The refused text, shortened so a huge input gives a short message."""
    return repr(whole) if len(whole) <= 80 else repr(whole[:77] + "...")


def _tile(text: str, whole: str) -> int:
    t = TILE_INDEX.get(text.upper())
    if t is None:
        raise ValueError(f"in {_short(whole)}: expected a tile A1..{TILE_NAMES[-1]}, got {text!r}")
    return t


def _colour(text: str, whole: str) -> int:
    c = COLOUR_INDEX.get(text.lower())
    if c is None:
        raise ValueError(f"in {_short(whole)}: expected a meeple colour ({', '.join(COLOURS)}), got {text!r}")
    return c


def _djinn(text: str, whole: str) -> int:
    d = DJINN_INDEX.get(text.strip().lower())
    if d is None:
        raise ValueError(f"in {_short(whole)}: expected a djinn name, got {text!r}")
    return d


def _card(text: str, whole: str) -> int:
    c = CARD_INDEX.get(text.strip().lower())
    if c is None:
        raise ValueError(f"in {_short(whole)}: expected a resource card ({', '.join(CARD_NAMES)}), got {text!r}")
    return c


def _pay(text: str, whole: str, allowed=("elder", "fakir", "elder+elder", "elder+fakir")) -> str:
    text = "+".join("fakir" if part.strip() in FAKIR_WORDS else part.strip() for part in text.strip().lower().split("+"))
    if text not in allowed:
        raise ValueError(f"in {_short(whole)}: expected a payment ({', '.join(allowed)}), got {text!r}")
    return text


_NUM_FAKIRS = r"(\d+) (?:" + "|".join(f"{w}s?" for w in FAKIR_WORDS) + ")"
_RX = {
    "bid": re.compile(r"bid slot (\d+) \((\d+) gold(?:, Kumarbi: " + _NUM_FAKIRS + r")?\)$", re.I),
    "move": re.compile(r"move from (\w+)$", re.I),
    "drop": re.compile(r"drop (\w+) on (\w+)$", re.I),
    "builders": re.compile(r"builders: discard " + _NUM_FAKIRS + "$", re.I),
    "killp": re.compile(r"kill ([\w+]+) of player (\d+)$", re.I),
    "killb": re.compile(r"kill ([\w+]+) on (\w+)(?: \(discard " + _NUM_FAKIRS + r"\))?$", re.I),
    "place": re.compile(r"place (palm|palace) on (\w+)(?: \((Lamia|Hagis), pay ([\w+]+)\))?$", re.I),
    "buy": re.compile(r"buy (.+)$", re.I),
    "buyone": re.compile(r"\s*(\w+) \(card (\d+)\)\s*$", re.I),
    "take": re.compile(r"take djinn (.+) \(pay ([\w+]+)\)$", re.I),
    "use": re.compile(r"use (.+?)(?: on ([A-Za-z]\d+))? \(pay ([\w+]+)\)$", re.I),
    "keep": re.compile(r"keep djinn (.+)$", re.I),
    "sell": re.compile(r"sell ([\w+]+) \((\d+) gold\)$", re.I),
}


#: the word-by-word shapes of each action's text, to say which word could not be read: ``N`` a
#: number, ``T`` a tile, ``W`` a name or word, anything else literally (case-insensitive)
_SHAPES = {
    "bid": ("bid slot N (N gold)", "bid slot N (N gold, Kumarbi: N W)"),
    "move": ("move from T",),
    "drop": ("drop W on T",),
    "builders:": ("builders: discard N W",),
    "kill": ("kill W on T", "kill W on T (discard N W)", "kill W of player N"),
    "place": ("place W on T", "place W on T (W, pay W)"),
    "buy": ("buy W (card N)", "buy W (card N) and W (card N)"),
    "take": ("take djinn W (pay W)",),
    "use": ("use W (pay W)", "use W on T (pay W)"),
    "keep": ("keep djinn W",),
    "sell": ("sell W (N gold)",),
}
_PIECE = {"N": r"\d+", "T": r"[a-z]\d+", "W": r"[\w'+-]+"}
_SHOWN_PIECE = {"N": "<number>", "T": "<tile>", "W": "<word>"}


def _word_rx(shape_word: str):
    parts = re.split(r"\b([NTW])\b", shape_word)
    return re.compile("".join(_PIECE.get(x, re.escape(x.lower())) for x in parts) + "$")


def _unread(text: str, head: str) -> str:
    """Which word of ``text`` no shape of ``head`` reads (``could not read 'to' (word 2); ``)."""
    words = text.lower().split()
    best = None  # (words read, shape)
    for shape in _SHAPES.get(head, ()):
        want = shape.split()
        n = 0
        while n < min(len(words), len(want)) and _word_rx(want[n]).match(words[n]):
            n += 1
        if best is None or n > best[0]:
            best = (n, want)
    if best is None:
        return ""
    n, want = best
    if n < len(words) and n < len(want):
        return f"could not read {_short(text.split()[n])} (word {n + 1}); "
    if n < len(want):
        rest = re.sub(r"\b([NTW])\b", lambda m: _SHOWN_PIECE[m[1]], " ".join(want[n:]))
        return f"the text ends after word {n}, before {rest!r}; "
    if n < len(words):
        return f"could not read {_short(' '.join(text.split()[n:]))} after word {n}; "
    return ""


_HEADS = ("bid", "move", "drop", "builders:", "kill", "place", "buy", "take", "use", "keep", "sell") + PASS_TEXTS


def parse_action(text: str):
    """The action written as ``text`` (see the module docstring, or its Korean form :data:`KOREAN`);
    ValueError if malformed."""
    if not isinstance(text, str):
        raise ValueError(f"an action must be text, got {type(text).__name__}")
    whole = text
    text = " ".join(glossary.english_notation("fivetribes", text).split())
    low = text.lower()
    for p in PASS_TEXTS:
        if low == p:
            return Pass("pass", p)
    head = low.split(" ", 1)[0]
    if head == "bid":
        m = _RX["bid"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'bid slot N (C gold)' or 'bid slot N (C gold, Kumarbi: K fakirs)', got {_short(whole)}")
        slot, price = _num(m[1], whole, "the slot"), _num(m[2], whole, "the price")
        k = _num(m[3], whole, "the number of fakirs") if m[3] is not None else 0
        if not 0 <= slot < len(BID_COSTS):
            raise ValueError(f"in {_short(whole)}: the turn-order track has slots 0..{len(BID_COSTS) - 1}")
        if m[3] is not None and k < 1:
            raise ValueError(f"in {_short(whole)}: Kumarbi needs at least 1 fakir")
        if price != bid_price(slot, k):
            raise ValueError(f"in {_short(whole)}: slot {slot} costs {bid_price(slot, k)} gold, not {price}")
        return Bid("bid", slot, k)
    if head == "move":
        m = _RX["move"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'move from C3', got {_short(whole)}")
        return Move("move", _tile(m[1], whole))
    if head == "drop":
        m = _RX["drop"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'drop <colour> on <tile>' such as 'drop blue on C4', got {_short(whole)}")
        return Drop("drop", _colour(m[1], whole), _tile(m[2], whole))
    if head == "builders:":
        m = _RX["builders"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'builders: discard N fakirs', got {_short(whole)}")
        return Builders("builders", _num(m[1], whole, "the number of fakirs"))
    if head == "kill":
        m = _RX["killp"].match(text)
        if m:
            names = m[1].lower().split("+")
            if not 1 <= len(names) <= 2 or any(n not in PIECE_INDEX for n in names):
                raise ValueError(f"in {_short(whole)}: expected 'vizier', 'elder' or two of them joined by '+'")
            return Kill("kill", -1, tuple(PIECE_INDEX[n] for n in names), _num(m[2], whole, "the player"), 0)
        m = _RX["killb"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'kill <colour> on <tile>' or 'kill vizier of player N', got {_short(whole)}")
        names = m[1].split("+")
        if not 1 <= len(names) <= 2:
            raise ValueError(f"in {_short(whole)}: one colour, or two joined by '+' (Iblis)")
        fakirs = _num(m[3], whole, "the number of fakirs") if m[3] is not None else 0
        return Kill("kill", _tile(m[2], whole), tuple(_colour(n, whole) for n in names), -1, fakirs)
    if head == "place":
        m = _RX["place"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'place palm on C3' or 'place palace on D4 (Hagis, pay elder)', got {_short(whole)}")
        item = m[1].lower()
        pay = ""
        if m[3]:
            who = "lamia" if item == "palm" else "hagis"
            if m[3].lower() != who:
                raise ValueError(f"in {_short(whole)}: a {item} is moved by {who.title()}, not {m[3]}")
            pay = _pay(m[4], whole, ("elder", "fakir"))
        return Place("place", item, _tile(m[2], whole), pay)
    if head == "buy":
        m = _RX["buy"].match(text)
        parts = re.split(" and ", m[1], flags=re.I) if m else []
        found = [_RX["buyone"].match(p) for p in parts]
        if not parts or len(parts) > 2 or not all(found):
            raise ValueError(f"{_unread(text, head)}expected 'buy Fish (card 2)' or 'buy Fish (card 2) and Silk (card 5)', got {_short(whole)}")
        return Buy("buy", tuple(_num(f[2], whole, "the card position") for f in found),
                   tuple(_card(f[1], whole) for f in found))
    if head == "take":
        m = _RX["take"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'take djinn <name> (pay elder+elder)', got {_short(whole)}")
        return TakeDjinn("take", _djinn(m[1], whole), _pay(m[2], whole, ("elder+elder", "elder+fakir")))
    if head == "use":
        m = _RX["use"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'use <djinn> (pay elder)' or 'use <djinn> on B2 (pay fakir)', got {_short(whole)}")
        return Power("use", _djinn(m[1], whole), _tile(m[2], whole) if m[2] else -1, _pay(m[3], whole))
    if head == "keep":
        m = _RX["keep"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'keep djinn <name>', got {_short(whole)}")
        return Keep("keep", _djinn(m[1], whole))
    if head == "sell":
        m = _RX["sell"].match(text)
        if not m:
            raise ValueError(f"{_unread(text, head)}expected 'sell Fish+Silk (3 gold)', got {_short(whole)}")
        cards = tuple(_card(n, whole) for n in m[1].split("+"))
        if FAKIR in cards:
            raise ValueError(f"in {_short(whole)}: fakirs are never merchandise")
        if len(set(cards)) != len(cards):
            raise ValueError(f"in {_short(whole)}: a set holds distinct merchandise only")
        cards = tuple(sorted(cards))
        if _num(m[2], whole, "the price") != set_value(len(cards)):
            raise ValueError(f"in {_short(whole)}: a set of {len(cards)} sells for {set_value(len(cards))} gold, not {m[2]}")
        return Sell("sell", cards)
    raise ValueError(f"unknown action {_short(whole)}: could not read {_short(head)} as the first word of an action "
                     f"({', '.join(_HEADS)}); expected one of {_FORMS}")
