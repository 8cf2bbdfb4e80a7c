"""Bad-input harness: does a game keep its promises at the edges? (issue 7)

Every game gets these checks for free by handing over a game and its invariants:

* :func:`fuzz_positions`: mutations of real positions' JSON (wrong types, huge or out-of-range
  numbers, NaN and Infinity, deleted/added keys, shuffled/truncated/duplicated lists, values
  swapped between fields) must raise ``InvalidPosition`` naming a field, or load into a state
  that passes the invariants, replays from its record and round-trips through ``to_json``;
* :func:`fuzz_records`: the same mutations of real records (seeded and started from a JSON
  position), plus files that are not UTF-8, truncated, hold a 5000-digit number or nest
  10 000 deep, must raise ``RecordError`` or replay into a sound state;
* :func:`fuzz_actions`: wrong-typed and hand-built out-of-range actions (plain tuples equal to
  legal actions, legal actions with a field replaced by an out-of-range int, None, a string,
  a float; None, ints, objects; garbled and huge-number texts) must raise IllegalAction or
  TypeError and leave ``to_json()`` and ``legal_actions()`` unchanged;
* :func:`interrupted_run`: a child process runs ``observe`` (the engine of ``simulate``) and
  gets SIGINT once or twice; every game it finished must come back, and it must exit quickly.

Inputs are drawn by hypothesis (``derandomize=True``: the same inputs on every run). A check
does not stop at the first broken promise: it tries all its inputs and returns a
:class:`Tally` counting, per kind of mutation, the inputs tried, refused, accepted and failed,
with the first failures spelled out; ``tally.check()`` raises if any failed.

Counts for a report: ``python -m pytest -p no:xdist -s -q tests/test_edges_games.py | grep '^FUZZ'``
prints one line per game and check.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from boardlab.core.errors import IllegalAction, InvalidPosition, RecordError, brief
from boardlab.core.game import Game, State
from boardlab.core.record import Record, replay

#: failures spelled out in a Tally's message
FAILURES_SHOWN = 8
HUGE = 10**5000  # an int whose repr exceeds Python's digit limit
DEEP = 10_000  # nesting depth of the deep inputs


class FuzzError(AssertionError):
    """A broken promise found by the harness (the message lists the first failures)."""


@dataclasses.dataclass
class Tally:
    """What one check tried: per kind of input, how many were tried, refused (the expected
    error), accepted (loaded or replayed, then checked sound) and failed."""

    game: str
    suite: str  # positions, records or actions
    tried: Counter = dataclasses.field(default_factory=Counter)
    refused: Counter = dataclasses.field(default_factory=Counter)
    accepted: Counter = dataclasses.field(default_factory=Counter)
    failed: Counter = dataclasses.field(default_factory=Counter)
    failures: list[str] = dataclasses.field(default_factory=list)

    def note(self, kind: str, outcome: str, problem: str | None = None) -> None:
        self.tried[kind] += 1
        getattr(self, outcome)[kind] += 1
        if problem is not None and len(self.failures) < 200:
            self.failures.append(f"[{kind}] {problem}")

    def line(self) -> str:
        total = lambda c: sum(c.values())  # noqa: E731
        kinds = ", ".join(f"{k} {self.tried[k]}/{self.refused[k]}/{self.failed[k]}" for k in sorted(self.tried))
        return (f"FUZZ {self.game} {self.suite}: tried {total(self.tried)}, refused {total(self.refused)}, "
                f"accepted {total(self.accepted)}, failed {total(self.failed)} (per kind tried/refused/failed: {kinds})")

    def check(self) -> None:
        if self.failed:
            shown = "\n  ".join(_dedupe(self.failures)[:FAILURES_SHOWN])
            raise FuzzError(f"{self.line()}\n  {shown}")


def _dedupe(items: list[str]) -> list[str]:
    seen, out = set(), []
    for item in items:
        key = re.sub(r"\d+", "#", item)[:120]
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _brief(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text[:160]}"


# -- real material ----------------------------------------------------------------------------


def real_states(game: Game, seeds=(1, 2), depths=(0, 3, 12, 40, None)) -> list[State]:
    """Positions of seeded random games at several depths (None: the end)."""
    states = []
    for seed in seeds:
        rng = random.Random(f"fuzz:{seed}")
        state = game.new_game(seed)
        for depth in sorted((d for d in depths if d is not None)):
            while len(state.history) < depth and not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
            states.append(state.copy())
        if None in depths:
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
            states.append(state.copy())
    return states


def real_records(game: Game, states: list[State]) -> list[dict]:
    """Records of the given positions, plus records of games started from a JSON position."""
    records = [s.record.to_json() for s in states]
    rng = random.Random("fuzz:records")
    for s in states:
        if s.is_over or not s.history:
            continue
        try:
            start = game.state_from_json(json.loads(json.dumps(s.to_json())))
            for _ in range(5):
                if start.is_over:
                    break
                start.apply(rng.choice(start.legal_actions()))
            records.append(start.record.to_json())
        except Exception:  # a game that cannot restart from its JSON: fuzz_positions reports it
            continue
    return records


# -- mutations of JSON data -------------------------------------------------------------------


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _get(value, path):
    for p in path:
        value = value[p]
    return value


def _set(value, path, new):
    if not path:
        return new
    parent = _get(value, path[:-1])
    parent[path[-1]] = new
    return value


def _deep(depth=DEEP):
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _wrong_values(v) -> list[tuple[str, Any]]:
    """(kind, replacement) for a value: other JSON types, odd numbers, out-of-range ones."""
    out = [("type", None), ("type", "x"), ("type", []), ("type", {}), ("type", True)]
    if type(v) is int:
        out += [("type", float(v)), ("type", v + 0.5), ("type", str(v)), ("type", not v),
                ("number", math.inf), ("number", -math.inf), ("number", math.nan), ("number", HUGE),
                ("number", -HUGE), ("range", -1), ("range", v + 1), ("range", v - 1), ("range", v + 97),
                ("range", 2**63)]
    elif type(v) is bool:
        out += [("type", int(v)), ("type", str(v).lower()), ("type", 1.0)]
    elif type(v) is str:
        out += [("type", 0), ("range", v.upper() if v.upper() != v else v + "x"), ("range", ""),
                ("range", "bogus"), ("range", v * 50)]
    elif type(v) is float:
        out += [("number", math.nan), ("number", math.inf), ("type", int(v))]
    elif v is None:
        out += [("type", 0), ("type", ""), ("type", False)]
    out.append(("deep", _deep()))
    return out


def _structural(v, rng: random.Random) -> list[tuple[str, Any]]:
    """(kind, replacement) changing a container's shape."""
    out = []
    if isinstance(v, list):
        if v:
            out += [("lists", v[:-1]), ("lists", []), ("lists", v + [v[-1]]), ("lists", v * 2),
                    ("lists", rng.sample(v, len(v)))]
        out += [("lists", v + [0]), ("lists", v + [None])]
    elif isinstance(v, dict):
        keys = list(v)
        for k in keys[:6]:
            out.append(("keys", {x: y for x, y in v.items() if x != k}))
        out.append(("keys", {**v, "bogus_field": 1}))
        if len(keys) >= 2:
            a, b = rng.sample(keys, 2)
            out.append(("swap", {**v, a: v[b], b: v[a]}))
    return out


def mutations(st, base):
    """A hypothesis strategy of (kind, description, mutated copy) of the JSON value ``base``."""
    paths = list(_paths(base))

    @st.composite
    def mutate(draw):
        data = json.loads(json.dumps(base))
        path = draw(st.sampled_from(paths))
        old = _get(data, path)
        rng = random.Random(draw(st.integers(0, 2**32)))
        options = _wrong_values(old) + _structural(old, rng)
        if draw(st.integers(0, 9)) == 0 and len(paths) > 2:  # swap the values of two fields
            other = draw(st.sampled_from(paths[1:]))
            if other[: len(path)] != path and path[: len(other)] != other:
                a, b = json.loads(json.dumps(_get(data, path))), json.loads(json.dumps(_get(data, other)))
                _set(data, path, b)
                _set(data, other, a)
                return "swap", f"swap {_show_path(path)} and {_show_path(other)}", data
        kind, new = draw(st.sampled_from(options))
        return kind, f"{_show_path(path)} := {_show_value(new)}", _set(data, path, new)

    return mutate()


def _show_path(path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "top level"


def _show_value(v) -> str:
    if v is HUGE or v is -HUGE or (type(v) is int and abs(v) > 10**40):
        return "<5000-digit int>"
    if isinstance(v, list) and v and isinstance(v[0], list) and isinstance(v[0][0] if v[0] else None, list):
        return "<deeply nested list>"
    text = json.dumps(v, default=str) if not isinstance(v, float) or math.isfinite(v) else repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _settings(max_examples: int):
    from hypothesis import HealthCheck, Phase, settings

    return settings(max_examples=max_examples, deadline=None, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
                    print_blob=False)


# -- (a) positions -------------------------------------------------------------------------------

_PYTHON_ERROR = re.compile(r"\b[A-Z]\w*(Error|Exception)\b")


def _keys(value) -> set[str]:
    found = set()
    for path in _paths(value):
        found.update(p for p in path if isinstance(p, str))
    return found


def _names_a_field(message: str, keys: set[str]) -> bool:
    return any(re.search(rf"(?<![A-Za-z_]){re.escape(k)}(?![A-Za-z_])", message) for k in keys)


def check_loaded(game: Game, state: State, invariants) -> str | None:
    """What is wrong with a state that loaded (None: sound): invariants, record replay, JSON."""
    try:
        if invariants is not None:
            invariants(state)
    except AssertionError as exc:
        return f"loaded, but the invariants fail: {str(exc)[:160]}"
    except Exception as exc:
        return f"loaded, but checking the invariants raises {_brief(exc)}"
    try:
        text = json.dumps(state.to_json(), allow_nan=False)
        again = game.state_from_json(json.loads(text))
    except Exception as exc:
        return f"loaded, but to_json does not round-trip: {_brief(exc)}"
    if again != state:
        return "loaded, but to_json -> state_from_json gives another state"
    try:
        replayed = replay(json.loads(json.dumps(state.record.to_json(), allow_nan=False)))
    except Exception as exc:
        return f"loaded, but its record does not replay: {_brief(exc)}"
    if replayed != state:
        return "loaded, but its record replays to another state"
    return _unplayable(state)


#: decisions played from an accepted position to see that it is playable beyond its first decision
PLAYOUT = 40


def _unplayable(state: State) -> str | None:
    """What makes an accepted position unplayable (None: playable): a game not over with no legal
    option, a legal option the rules cannot apply, or a failure in a short random playout."""
    try:
        legal = state.legal_actions()
    except Exception as exc:
        return f"loaded, but legal_actions() raises {_brief(exc)}"
    if not state.is_over and not legal:
        return "loaded, but the game is not over and has no legal action"
    for action in legal:
        try:
            state.copy().apply(action)
        except Exception as exc:
            return f"loaded, but its legal action {str(action)[:60]!r} raises {_brief(exc)}"
    playout, rng = state.copy(), random.Random("fuzz:playout")
    for _ in range(PLAYOUT):
        if playout.is_over:
            break
        try:
            playout.apply(rng.choice(playout.legal_actions()))
        except Exception as exc:
            return f"loaded, but a random playout from it raises {_brief(exc)} after {len(playout.history)} decisions"
    return None


def fuzz_positions(game: Game, invariants: Callable | None = None, max_examples: int = 300,
                   states: list[State] | None = None) -> Tally:
    """Mutate real positions' JSON; each must be refused with InvalidPosition naming a field,
    or load into a sound state (see :func:`check_loaded`)."""
    from hypothesis import given, strategies as st

    tally = Tally(game.name, "positions")
    bases = [s.to_json() for s in (states or real_states(game))]
    keys = set().union(*(_keys(b) for b in bases))

    @_settings(max_examples)
    @given(st.data())
    def run(data):
        base = data.draw(st.sampled_from(bases))
        kind, what, mutated = data.draw(mutations(st, base))
        try:
            state = game.state_from_json(mutated)
        except InvalidPosition as exc:
            message = str(exc)
            if what.startswith("top level") or what.startswith("swap"):
                tally.note(kind, "refused")  # no one field to name
            elif not _names_a_field(message, keys | {"position"}):
                tally.note(kind, "failed", f"{what}: InvalidPosition names no field: {message[:160]}")
            elif _PYTHON_ERROR.search(message):
                tally.note(kind, "failed", f"{what}: InvalidPosition wraps a Python error: {message[:160]}")
            else:
                tally.note(kind, "refused")
            return
        except Exception as exc:
            tally.note(kind, "failed", f"{what}: raised {_brief(exc)} instead of InvalidPosition")
            return
        problem = check_loaded(game, state, invariants)
        tally.note(kind, "accepted" if problem is None else "failed", None if problem is None else f"{what}: {problem}")

    run()
    return tally


# -- (b) records ---------------------------------------------------------------------------------


def _byte_mutations(text: str) -> list[tuple[str, str, bytes]]:
    raw = text.encode("utf-8")
    middle = len(raw) // 2
    return [
        ("bytes", "a 0xff byte in the middle", raw[:middle] + b"\xff" + raw[middle:]),
        ("bytes", "Latin-1 encoded with a non-ASCII name", text.replace('"actions"', '"actions\u00e9"').encode("latin-1", "replace")),
        ("bytes", "a UTF-16 file", text.encode("utf-16")),
        ("bytes", "cut in the middle", raw[:middle]),
        ("bytes", "empty file", b""),
        ("number", "a 5000-digit seed", re.sub(rb'"seed": *(-?\d+|null)', b'"seed": ' + b"7" * 5000, raw, count=1)),
        ("number", "NaN as the seed", re.sub(rb'"seed": *(-?\d+|null)', b'"seed": NaN', raw, count=1)),
        ("deep", "nested 10000 deep", b"[" * DEEP + b"]" * DEEP),
        ("deep", "options nested 10000 deep", raw.replace(b'"options": {', b'"options": {"x": ' + b"[" * DEEP + b"]" * DEEP + b", ", 1)),
        ("type", "a JSON list", b"[1, 2, 3]"),
        ("type", "a JSON string", b'"boardlab-record"'),
        ("type", "JSON null", b"null"),
    ]


def _check_replayed(game: Game, state, invariants) -> str | None:
    if not isinstance(state, State):
        return f"replay returned {type(state).__name__}, not a state"
    try:
        if invariants is not None:
            invariants(state)
    except AssertionError as exc:
        return f"replayed, but the invariants fail: {str(exc)[:160]}"
    except Exception as exc:
        return f"replayed, but checking the invariants raises {_brief(exc)}"
    return None


def fuzz_records(game: Game, invariants: Callable | None = None, max_examples: int = 200,
                 states: list[State] | None = None) -> Tally:
    """Mutate real records (as JSON objects and as files); each must be refused with
    RecordError or replay into a state that passes the invariants."""
    from hypothesis import given, strategies as st

    tally = Tally(game.name, "records")
    records = real_records(game, states or real_states(game))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"

        def attempt(kind, what, load):
            try:
                state = load()
            except RecordError:
                tally.note(kind, "refused")
                return
            except Exception as exc:
                tally.note(kind, "failed", f"{what}: raised {_brief(exc)} instead of RecordError")
                return
            problem = _check_replayed(game, state, invariants)
            tally.note(kind, "accepted" if problem is None else "failed",
                       None if problem is None else f"{what}: {problem}")

        for record in records[:2]:
            for kind, what, raw in _byte_mutations(json.dumps(record, indent=1)):
                path.write_bytes(raw)
                attempt(kind, what, lambda: replay(path))
                attempt(kind, what + " (Record.load)", lambda: replay(Record.load(path)))
        for kind, what, value in (("type", "replay(None)", None), ("type", "replay(42)", 42),
                                  ("type", "replay([])", []), ("type", "replay(b'...')", b"{}")):
            attempt(kind, what, lambda value=value: replay(value))

        @_settings(max_examples)
        @given(st.data())
        def run(data):
            base = data.draw(st.sampled_from(records))
            kind, what, mutated = data.draw(mutations(st, base))
            if data.draw(st.booleans()):
                attempt(kind, what, lambda: replay(mutated))
            else:  # through a file: what a user's edited record looks like
                try:
                    path.write_text(json.dumps(mutated, allow_nan=True), encoding="utf-8")
                except (ValueError, RecursionError):  # not writable as JSON text: try the object
                    attempt(kind, what, lambda: replay(mutated))
                    return
                attempt(kind, what + " (file)", lambda: replay(path))

        run()
    return tally


# -- (c) actions ---------------------------------------------------------------------------------


class _Stranger:
    """An object that is no game's action (its text even looks like one)."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text

    def __eq__(self, other):
        return True  # claims to equal everything: apply must not be fooled

    __hash__ = object.__hash__


def _replaced_fields(action) -> list[tuple[str, Any]]:
    """Copies of a legal action with one field replaced by an odd value."""
    odd = [99, -1, 10**6, HUGE, None, "x", "", 1.5, True, (), (99,)]
    out = []
    if isinstance(action, tuple) and hasattr(action, "_fields"):
        for name in action._fields:
            for value in odd:
                try:
                    out.append((f"{type(action).__name__}.{name}={_show_value(value)}",
                                action._replace(**{name: value})))
                except Exception:
                    continue
    elif dataclasses.is_dataclass(action):
        for field in dataclasses.fields(action):
            for value in odd:
                try:
                    out.append((f"{type(action).__name__}.{field.name}={_show_value(value)}",
                                dataclasses.replace(action, **{field.name: value})))
                except Exception:
                    continue
    return out


def action_candidates(state: State) -> list[tuple[str, str, Any]]:
    """(kind, description, candidate) of inputs ``apply`` must refuse in ``state``."""
    from boardlab.core.game import _same

    legal = state.legal_actions()
    out: list[tuple[str, str, Any]] = [
        ("not an action", "None", None), ("not an action", "0", 0), ("not an action", "-1", -1),
        ("not an action", "3.5", 3.5), ("not an action", "True", True), ("not an action", "object()", object()),
        ("not an action", "[]", []), ("not an action", "{}", {}), ("not an action", "b'roll'", b"roll"),
        ("not an action", "huge int", HUGE),
        ("text", "empty text", ""), ("text", "garbled text", "tkae zzz ### 7"),
        ("text", "5000-digit number", "take coral " + "9" * 5000),
        ("text", "long text", "x" * 100_000),
    ]
    for a in legal[:5]:
        out.append(("not an action", f"a stranger claiming to equal {a}", _Stranger(str(a))))
        if isinstance(a, tuple):
            out.append(("plain tuple", f"tuple({a})", tuple(a)))
            out.append(("plain tuple", f"list({a})", list(a)))
        for what, candidate in _replaced_fields(a):
            if not any(_same(candidate, b) for b in legal):
                out.append(("out of range", what, candidate))
        text = str(a)
        out.append(("text", f"{text!r} with a typo", text[:-1] + ("#" if not text.endswith("#") else "@")))
    return out


def fuzz_actions(game: Game, max_examples: int = 300, states: list[State] | None = None) -> Tally:
    """Wrong-typed and hand-built actions must raise IllegalAction or TypeError and leave the
    state exactly as it was (``to_json()`` and ``legal_actions()``)."""
    from hypothesis import given, strategies as st

    tally = Tally(game.name, "actions")
    states = [s for s in (states or real_states(game)) if not s.is_over] + [
        s for s in (states or real_states(game)) if s.is_over][:1]
    candidates = [(s, c) for s in states for c in action_candidates(s)]

    def attempt(state, kind, what, candidate):
        before, legal = state.to_json(), state.legal_actions()
        try:
            state.apply(candidate)
        except (IllegalAction, TypeError) as exc:
            message = str(exc)
            if "Exceeds the limit" in message or "integer string conversion" in message:
                tally.note(kind, "failed", f"{what}: the refusal shows Python's integer-limit text")
            elif state.to_json() != before or state.legal_actions() != legal:
                tally.note(kind, "failed", f"{what}: refused, but the state changed")
            else:
                tally.note(kind, "refused")
            return
        except Exception as exc:
            tally.note(kind, "failed", f"{what}: raised {_brief(exc)} instead of IllegalAction/TypeError")
            return
        tally.note(kind, "failed", f"{what}: accepted by apply")

    @_settings(max_examples)
    @given(st.sampled_from(range(len(candidates))))
    def run(index):
        state, (kind, what, candidate) = candidates[index]
        attempt(state.copy(), kind, what, candidate)

    run()
    return tally


# -- (d) Ctrl-C -------------------------------------------------------------------------------


class FinishLog:
    """An observer noting each finished game's id in the file named by $BOARDLAB_FINISH_LOG
    (written by whichever process played the game, before its result is sent anywhere)."""

    def start(self, state, info):
        self.game_id = info.game_id

    def step(self, state, action):
        pass

    def finish(self, state):
        with open(os.environ["BOARDLAB_FINISH_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{self.game_id}\n")
        return {}


_CHILD = """
import json, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
sys.path[:0] = {paths!r}
for name in {imports!r}:
    __import__(name)
from boardlab.core.game import Game
from boardlab.core.observe import observe
from boardlab.core.fuzz import FinishLog
game = Game.by_name({game!r}).from_options({options!r})
print("ready", flush=True)
run = observe(game, ["random"] * game.players, games=10**6, seed=3, observer=FinishLog, workers={workers})
signal.signal(signal.SIGINT, signal.SIG_IGN)  # a press that comes after the run must not stop the report
import multiprocessing
scores = run["scores"]
print(json.dumps({{"partial": scores.attrs["partial"], "finished": scores.attrs["games_finished"],
                  "ids": sorted(set(int(i) for i in scores.game_id)),
                  "alive": [p.name for p in multiprocessing.active_children() if p.name.startswith("boardlab")]}}))
"""


@dataclasses.dataclass(frozen=True)
class InterruptReport:
    workers: int
    presses: int
    finished: int  # games the child's processes finished (the observer's log)
    returned: int  # games the interrupted run returned
    lost: tuple  # finished games that did not come back
    seconds: float  # from the first SIGINT to the child's exit
    partial: bool
    workers_left: tuple

    def line(self, game: str) -> str:
        return (f"FUZZ {game} interrupt: workers={self.workers} presses={self.presses}: finished {self.finished}, "
                f"returned {self.returned}, lost {len(self.lost)}, exit {self.seconds:.2f} s after Ctrl-C")


def interrupted_run(game: Game, workers: int, presses: int = 1, after: float = 2.0, paths=(), imports=(),
                    timeout: float = 60) -> InterruptReport:
    """Run ``observe`` (simulate's engine) for a million games in a child process, press
    Ctrl-C (SIGINT to its whole process group, as a terminal does) ``presses`` times after
    ``after`` seconds, and compare the games it finished with the games it returned."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "finished.txt"
        code = _CHILD.format(paths=list(paths), imports=list(imports), game=game.name, options=game.options(),
                             workers=workers)
        env = {**os.environ, "BOARDLAB_FINISH_LOG": str(log)}
        child = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            if child.stdout.readline().strip() != "ready":
                raise FuzzError(f"the child did not start: {child.communicate(timeout=timeout)[1][-2000:]}")
            time.sleep(after)
            pressed = time.monotonic()
            for i in range(presses):
                os.killpg(child.pid, signal.SIGINT)
                time.sleep(0.02)  # the next press lands while the run winds down
            out, err = child.communicate(timeout=timeout)
            seconds = time.monotonic() - pressed
        finally:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
        if child.returncode != 0:
            raise FuzzError(f"the interrupted child failed (exit {child.returncode}):\n{err[-3000:]}")
        result = json.loads(out.strip().splitlines()[-1])
        finished = {int(x) for x in log.read_text().split()} if log.exists() else set()
    returned = set(result["ids"])
    return InterruptReport(workers, presses, len(finished), len(returned), tuple(sorted(finished - returned)),
                           seconds, result["partial"], tuple(result["alive"]))


# -- (e) fields taken from other real positions (well-typed, in range, inconsistent) -------------


def fuzz_transplants(game: Game, invariants: Callable | None = None, states: list[State] | None = None,
                     limit: int = 400) -> Tally:
    """One or two top-level fields of a real position replaced by the same fields of another
    real position (a step out of turn with the items it offers moved aside, an empty turn order,
    another round's offer): each must be refused with InvalidPosition naming a field, or load
    into a sound, playable state. ``limit`` cases of each kind (one field, two), evenly spread."""
    tally = Tally(game.name, "transplants")
    bases = [s.to_json() for s in (states or real_states(game))]
    keys = set().union(*(_keys(b) for b in bases))
    cases = []
    for kind, width in (("transplant", 1), ("transplant pair", 2)):
        found = [(kind, i, j, chosen) for i, base in enumerate(bases) for j, donor in enumerate(bases) if i != j
                 for chosen in itertools.combinations([k for k in base if k in donor and donor[k] != base[k]], width)]
        cases += found[:: max(1, len(found) // limit)][:limit]
    for kind, i, j, chosen in cases:
        mutated = json.loads(json.dumps({**bases[i], **{key: bases[j][key] for key in chosen}}))
        what = f"{' and '.join(chosen)} of position {j} in position {i}"
        try:
            state = game.state_from_json(mutated)
        except InvalidPosition as exc:
            named = _names_a_field(str(exc), keys | {"position"})
            tally.note(kind, "refused" if named else "failed",
                       None if named else f"{what}: InvalidPosition names no field: {str(exc)[:160]}")
            continue
        except Exception as exc:
            tally.note(kind, "failed", f"{what}: raised {_brief(exc)} instead of InvalidPosition")
            continue
        problem = check_loaded(game, state, invariants)
        tally.note(kind, "accepted" if problem is None else "failed",
                   None if problem is None else f"{what}: {problem}")
    return tally


# -- (f) options: wrong shapes, huge numbers, file paths --------------------------------------------

#: files the harness plants and watches: a saved record or run naming one must never open it
_WATCHED: list[str] = []
_OPENED: list[str] = []
_HOOKED: list = []


def _watch_opens(folder: str) -> None:
    """Note every open of a file under ``folder`` (an audit hook: it sees open, os.open, io;
    added once per process, as hooks cannot be removed)."""
    if _audit not in _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED.append(_audit)
    _WATCHED.append(folder)


def _audit(event: str, args) -> None:
    if event == "open" and _WATCHED and isinstance(args[0], (str, bytes, os.PathLike)):
        name = os.fsdecode(args[0])
        if any(name.startswith(folder) for folder in _WATCHED):
            _OPENED.append(name)


def _option_values(value) -> list[tuple[str, Any]]:
    """(kind, value) of hostile values for an option whose default is ``value``."""
    out = [("type", None), ("type", "x"), ("type", 1.5), ("type", {}), ("type", {"a": [1]}), ("type", b"x"),
           ("number", HUGE), ("number", -HUGE), ("number", math.nan), ("number", 2**63), ("number", -1),
           ("shape", []), ("shape", [["x"]]), ("shape", [{}]), ("shape", [None]), ("shape", [[["y"]]]),
           ("shape", [1, 2, 3]), ("shape", ["x"] * 1000), ("shape", [HUGE]), ("deep", _deep())]
    if isinstance(value, (list, tuple)) and value:
        out += [("shape", [value[0], value[0]]), ("shape", [list(value)]), ("shape", list(value) + [None])]
    if isinstance(value, bool):
        out += [("type", int(value)), ("type", str(value).lower())]
    return out


def _names_option(message: str, option: str) -> bool:
    return re.search(rf"(?<![A-Za-z_]){re.escape(option)}(?![A-Za-z_])", message) is not None


def fuzz_options(game: Game) -> Tally:
    """Every option of ``game`` set to hostile values (wrong types and shapes, lists of lists,
    huge numbers, deep nesting), through ``Game(**options)`` and through a saved record; each
    must be refused naming the option (ValueError; RecordError from a record) or build a game
    whose new game plays and whose record replays. Then every option set to the path of a file
    the harness watches: replaying a record never opens it."""
    tally = Tally(game.name, "options")
    cls, base = type(game), game.options()
    record = game.new_game(1).record.to_json()
    every = {f.name: getattr(game, f.name) for f in dataclasses.fields(game)}  # options() may leave some out
    for option, default in every.items():
        for kind, value in _option_values(default):
            what = f"{option}={brief(value)}"
            try:
                built = cls(**{**base, option: value})
            except ValueError as exc:
                good = _names_option(str(exc), option) and not _PYTHON_ERROR.search(str(exc))
                tally.note(kind, "refused" if good else "failed",
                           None if good else f"{what}: the refusal does not name the option: {str(exc)[:160]}")
            except Exception as exc:
                tally.note(kind, "failed", f"{what}: raised {_brief(exc)} instead of ValueError naming {option}")
            else:
                problem = _playable_game(built)
                tally.note(kind, "accepted" if problem is None else "failed",
                           None if problem is None else f"{what}: accepted, but {problem}")
            _record_option(tally, kind, what, {**record, "options": {**record["options"], option: value}})
    with tempfile.TemporaryDirectory() as folder:
        folder = os.path.realpath(folder)
        _watch_opens(folder)
        try:
            planted = Path(folder) / "planted.csv"
            planted.write_text("number,bridge\n1,coral\n", encoding="utf-8")
            before = len(_OPENED)
            for option in every:
                for path in (str(planted), os.path.join(folder, "missing.csv"), folder):
                    what = f"{option}={path!r} in a record"
                    _record_option(tally, "path", what, {**record, "options": {**record["options"], option: path}})
                    if len(_OPENED) > before:
                        tally.failed["path"] += 1
                        tally.failures.append(f"[path] {what}: replaying the record opened {_OPENED[-1]!r}")
                        before = len(_OPENED)
        finally:
            _WATCHED.remove(folder)
    return tally


def _record_option(tally: Tally, kind: str, what: str, record: dict) -> None:
    try:
        state = replay(record)
    except RecordError as exc:
        bad = _PYTHON_ERROR.search(str(exc))
        tally.note(kind, "failed" if bad else "refused",
                   f"{what} (record): the refusal wraps a Python error: {str(exc)[:160]}" if bad else None)
    except Exception as exc:
        tally.note(kind, "failed", f"{what} (record): raised {_brief(exc)} instead of RecordError")
    else:
        problem = _playable_game(state.game)
        tally.note(kind, "accepted" if problem is None else "failed",
                   None if problem is None else f"{what} (record): accepted, but {problem}")


def _playable_game(game: Game) -> str | None:
    """None if a game built from accepted options plays a few decisions and replays its record."""
    try:
        state = game.new_game(1)
        problem = _unplayable(state)
        if problem:
            return problem.replace("loaded", "a new game", 1)
        replayed = replay(json.loads(json.dumps(state.record.to_json(), allow_nan=False)))
    except Exception as exc:
        return f"a new game or its record fails: {_brief(exc)}"
    return None if replayed == state else "its record replays to another state"


# -- (g) notation: parse_action of hostile texts --------------------------------------------------


def fuzz_notation(game: Game, states: list[State] | None = None) -> Tally:
    """``game.parse_action`` of real actions' texts with every number made huge (31 and 5000
    digits), and of garbled, empty, long and non-text values: each must raise ValueError with
    a short message free of Python's integer-limit text, or parse back an action of the game."""
    tally = Tally(game.name, "notation")
    texts = sorted({str(a) for s in (states or real_states(game)) for a in s.legal_actions()})
    inputs: list[tuple[str, Any]] = [("garbled", t) for t in ("", " ", "\x00", "x" * 100_000, "take take take",
                                                              "9" * 5000, "-" + "9" * 5000, "1e999999")]
    inputs += [("not text", v) for v in (None, 3, 3.5, b"take", [], {}, HUGE)]
    for text in texts[:60]:
        if re.search(r"\d", text):
            inputs += [("huge number", re.sub(r"\d+", "9" * 5000, text)),
                       ("huge number", re.sub(r"\d+", "9" * 31, text, count=1)),
                       ("huge number", re.sub(r"\d+", "0" * 5000 + "1", text, count=1))]
        inputs.append(("garbled", text + " " + "9" * 5000))
    for kind, value in inputs:
        what = _show_value(value) if not isinstance(value, str) else repr(value[:50])
        try:
            game.parse_action(value)
        except ValueError as exc:
            message = str(exc)
            if "Exceeds the limit" in message or "integer string conversion" in message:
                tally.note(kind, "failed", f"{what}: the refusal shows Python's integer-limit text")
            elif len(message) > 2000:
                tally.note(kind, "failed", f"{what}: a refusal of {len(message):,} characters")
            else:
                tally.note(kind, "refused")
        except Exception as exc:
            tally.note(kind, "failed", f"{what}: raised {_brief(exc)} instead of ValueError")
        else:
            tally.note(kind, "accepted")
    return tally


# -- (h) a run's metadata -------------------------------------------------------------------------


def fuzz_run_metadata(game: Game, max_examples: int = 100) -> Tally:
    """A finished run of ``game`` with its Parquet metadata mutated (as fuzz_positions mutates
    a position): ``load_runs`` must raise DamagedRun naming the file and the repair, or read
    the very games of the run."""
    import pyarrow.parquet as pq
    from hypothesis import given, strategies as st

    from boardlab.core.runs import METADATA_KEY, DamagedRun, load_runs, parts_folder, write_run

    tally = Tally(game.name, "run metadata")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "run.parquet"
        write_run(game, ["random"] * game.players, 2, 5, path, progress=False)
        whole = pq.read_table(path)
        games = sorted(set(whole.column("game_id").to_pylist()))
        info = json.loads(whole.schema.metadata[METADATA_KEY])
        parts_folder(path).mkdir()  # the file is a run's: damage is named as such

        @_settings(max_examples)
        @given(st.data())
        def run(data):
            kind, what, mutated = data.draw(mutations(st, info))
            try:
                raw = json.dumps(mutated, allow_nan=True).encode()
            except (ValueError, RecursionError):
                raw = b"{" * DEEP
            pq.write_table(whole.replace_schema_metadata({METADATA_KEY: raw}), path)
            try:
                df = load_runs(path)
            except DamagedRun as exc:
                named = str(path) in str(exc) and "--repair" in str(exc)
                tally.note(kind, "refused" if named else "failed",
                           None if named else f"{what}: DamagedRun names no file or repair: {str(exc)[:160]}")
                return
            except Exception as exc:
                tally.note(kind, "failed", f"{what}: raised {_brief(exc)} instead of DamagedRun")
                return
            same = sorted(set(df.game_id)) == games
            tally.note(kind, "accepted" if same else "failed", None if same else f"{what}: other games read")

        run()
    return tally
