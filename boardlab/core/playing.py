"""Playing the games of a run, here or on worker processes: the core ``simulate`` and ``observe``
share (it imports neither, so neither imports the other).

Each game ``i`` of a run started from ``seed`` gets its own seeds (:func:`game_seeds`) and so
depends only on ``(seed, i)``: the same games whatever the number of workers.

Results come back one finished game at a time, as soon as it ends. Ctrl-C (SIGINT, once or
more) sets a flag instead of raising: the game in progress is dropped at its next decision,
every finished game is kept, workers get half a second to stop by themselves and are then
terminated. Worker processes come from a ``forkserver`` context (``spawn`` where there is no
forkserver): never a fork of the caller, whose threads (a Jupyter kernel's, a progress
bar's) would be copied mid-flight into the child.
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import threading
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Callable, Sequence

import numpy as np

from boardlab.core.chance import VERSION as CHANCE_VERSION
from boardlab.core.errors import brief
from boardlab.core.game import Game
from boardlab.core.policies import play, policy_name, resolve_policies

#: seconds the workers get to stop by themselves after an interrupt, before they are terminated
GRACE = 0.5


def game_seeds(seed: int, game_id: int) -> tuple[int, int]:
    """(game seed, policy seed) of game ``game_id`` in a run started from ``seed``."""
    game_seed, policy_seed = np.random.SeedSequence(seed, spawn_key=(game_id,)).generate_state(2)
    return int(game_seed), int(policy_seed)


@dataclass(frozen=True)
class GameInfo:
    """Which game of the run an observer is watching."""

    game_id: int
    game_seed: int
    policy_seed: int
    policies: tuple[str, ...]  # the policy name of each seat, seat 0 first


@dataclass(frozen=True)
class GameResult:
    """What one played game leaves behind: its seeds, its seats' policy names, its length, the
    score sheet and ranks (None for a game its observer stopped early) and what the observer
    noted (None without an observer)."""

    game_id: int
    game_seed: int
    policy_seed: int
    policies: tuple[str, ...]
    decisions: int
    sheet: dict | None
    ranks: dict | None
    observed: dict | None = None


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play any game of the run (picklable)."""

    game: Game
    policies: list
    seed: int
    observer: object = None
    rotate: bool = False
    rotate_seats: bool = False
    chance: int = CHANCE_VERSION  # the chance stream's version


def deal_and_rotation(game_id, players: int, *, rotate_seats: bool = False, rotate: bool = False):
    """(deal, rotation) of game ``game_id`` (an int, or a numpy array of ids): the deal names its
    seeds (:func:`game_seeds`), the rotation how many places the policy list is turned.
    ``rotate_seats`` plays each deal once per rotation (games ``d * players .. d * players +
    players - 1`` share deal ``d``), so every policy meets the same dice and draws from every seat;
    ``rotate`` turns game ``i`` by ``i`` places on its own seeds (observe's older reading). The one
    place this numbering lives: the runner, the tables and the experiments all read it here."""
    if rotate_seats:
        return game_id // players, game_id % players
    return game_id, (game_id % players if rotate else game_id * 0)


def deal_and_turn(plan: Plan, game_id: int) -> tuple[int, int]:
    """(deal, rotation) of game ``game_id`` of ``plan`` (:func:`deal_and_rotation`)."""
    return deal_and_rotation(game_id, plan.game.players, rotate_seats=plan.rotate_seats, rotate=plan.rotate)


class Abandoned(BaseException):
    """The run was interrupted: the game in progress is dropped (a BaseException, so that a
    policy's or observer's ``except Exception`` cannot swallow it)."""


class _Stopped(Exception):
    """Raised inside a game whose observer has seen enough (see observe: ``stop``)."""


# -- one game ---------------------------------------------------------------------------------


def _seated(seats: list, turn: int) -> list:
    """Seat ``s`` plays ``seats[(s - turn) % players]``."""
    n = len(seats)
    return [seats[(s - turn) % n] for s in range(n)]


def _checked(policy, interrupted: Callable[[], bool]):
    def checked(state, rng):
        if interrupted():
            raise Abandoned
        return policy(state, rng)

    checked.name = policy_name(policy)
    return checked


def play_one(plan: Plan, seats: list, game_id: int, interrupted: Callable[[], bool] | None = None) -> GameResult:
    """Play game ``game_id`` of the run; ``interrupted()`` is asked before every decision
    (True: raise Abandoned)."""
    deal, turn = deal_and_turn(plan, game_id)
    game_seed, policy_seed = game_seeds(plan.seed, deal)
    seats = _seated(seats, turn)
    names = tuple(policy_name(p) for p in seats)
    if interrupted is not None:
        seats = [_checked(p, interrupted) for p in seats]
    try:
        if plan.observer is None:
            state = play(plan.game, seats, game_seed, policy_seed, chance=plan.chance)
            return GameResult(game_id, game_seed, policy_seed, names, len(state.history), state.score_sheet(),
                              state.ranks())
        return _play_watched(plan, seats, names, game_id, game_seed, policy_seed)
    except Exception as exc:
        exc.add_note(f"in a run of games: game_id={game_id}, replay with "
                     f"play(game, policies, seed={game_seed}, policy_seed={policy_seed})")
        raise


def _play_watched(plan: Plan, seats: list, names: tuple, game_id: int, game_seed: int,
                  policy_seed: int) -> GameResult:
    """``play`` the game with every seat's policy wrapped so that the observer sees each
    decision (the state before the action is applied, and the action chosen)."""
    watch = plan.observer()
    info = GameInfo(game_id, game_seed, policy_seed, names)
    stop = getattr(watch, "stop", None)
    live = []  # the game's state, as the policies see it

    def wrap(policy):
        def watched(state, rng):
            if not live:
                live.append(state)
                watch.start(state, info)
            if stop is not None and stop(state):
                raise _Stopped
            action = policy(state, rng)
            watch.step(state, action)
            return action

        return watched

    try:
        state = play(plan.game, [wrap(p) for p in seats], game_seed, policy_seed, chance=plan.chance)
    except _Stopped:
        state = live[0]
        return GameResult(game_id, game_seed, policy_seed, names, len(state.history), None, None,
                          _observed(watch, state))
    if not live:  # a game over before its first decision
        watch.start(state, info)
    return GameResult(game_id, game_seed, policy_seed, names, len(state.history), state.score_sheet(),
                      state.ranks(), _observed(watch, state))


def _observed(watch, state) -> dict:
    tables = watch.finish(state)
    if not isinstance(tables, dict):
        raise TypeError(f"an observer's finish() must return {{table name: list of row dicts}}, got {tables!r}")
    return tables


# -- Ctrl-C -----------------------------------------------------------------------------------


class Interrupts:
    """While active (``with``), SIGINT only counts: ``bool(interrupts)`` once Ctrl-C was pressed.

    A signal handler that raises could strike anywhere, even halfway through receiving a
    finished game from a worker; counting lets the run stop at a safe point. Outside the main
    thread no handler can be installed (and no SIGINT arrives there): then it stays False."""

    def __init__(self):
        self.count = 0
        self._previous = None
        self._installed = False

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():
            try:
                self._previous = signal.signal(signal.SIGINT, self._count)
                self._installed = True
            except (ValueError, OSError):  # an embedded interpreter that owns its signals
                pass
        return self

    def _count(self, signum, frame) -> None:
        self.count += 1

    def press(self) -> None:
        """An interrupt that did not come as a signal (a KeyboardInterrupt raised in a game)."""
        self.count += 1

    def __bool__(self) -> bool:
        return self.count > 0

    def __exit__(self, *exc) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous if self._previous is not None else signal.default_int_handler)


# -- running the games ----------------------------------------------------------------------


def run_here(plan: Plan, ids: Sequence[int], on_result: Callable[[GameResult], None],
             interrupts: Interrupts) -> bool:
    """Play the games ``ids`` in this process, handing each to ``on_result``; True if interrupted.
    ``interrupts`` is active (entered) for the whole run, and the caller's wind-down after it."""
    seats = resolve_policies(plan.game, plan.policies)
    try:
        for i in ids:
            if interrupts:
                break
            result = play_one(plan, seats, i, interrupts.__bool__)
            on_result(result)
    except (KeyboardInterrupt, Abandoned):
        interrupts.press()
    return bool(interrupts)


def _context():
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        # the server imports the playing machinery once; each worker is a fork of that
        # single-threaded server, not of the caller
        ctx.set_forkserver_preload([__name__])
    return ctx


def _worker(packed_plan: bytes, ids: Sequence[int], taken, stop, out) -> None:
    """A worker process: play games of ``ids`` of the plan :func:`packed` made, taking the next one
    not yet taken (``taken``: a shared count) until none is left; send each one as it ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group; the parent decides
    try:
        plan = pickle.loads(packed_plan)
        seats = resolve_policies(plan.game, plan.policies)
        stopped = lambda: stop.value != 0  # noqa: E731
        while not stopped():
            with taken.get_lock():
                k = taken.value
                taken.value = k + 1
            if k >= len(ids):
                break
            out.send(("game", play_one(plan, seats, ids[k], stopped)))
        out.send(("done", None))
    except Abandoned:
        out.send(("done", None))
    except KeyboardInterrupt:  # raised inside a game (a policy pressing Ctrl-C)
        out.send(("interrupt", None))
    except BaseException as exc:
        out.send(("error", _portable(exc)))
    finally:
        out.close()


def _portable(exc: BaseException) -> BaseException:
    """``exc`` if it survives pickling, else a RuntimeError carrying its traceback text."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        text = "".join(traceback.format_exception(exc))
        return RuntimeError(f"a worker process failed:\n{text}")


def run_in_processes(plan: Plan, ids: Sequence[int], workers: int, on_result: Callable[[GameResult], None],
                     interrupts: Interrupts) -> bool:
    """Play the games ``ids`` on ``workers`` processes, handing each finished game to ``on_result``
    as it arrives; True if interrupted. A worker's exception is raised here once all stopped.

    Each worker takes the next game not yet taken when it is free (not a fixed share): games differ
    in length, a search player's by a factor of two or more, and a fixed share left one core idle
    while the other finished its longer games. Every game's seeds come from its id, so which
    worker plays it changes nothing."""
    ctx = _context()
    stop = ctx.RawValue("b", 0)
    taken = ctx.Value("q", 0)  # how many of ``ids`` the workers have taken
    processes, readers, writers = [], {}, []
    count = max(1, min(workers, len(ids)))
    sent = packed(plan)
    for w in range(count):
        reader, writer = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_worker, args=(sent, ids, taken, stop, writer), daemon=True,
                              name=f"boardlab-worker-{w}")
        processes.append(process)
        readers[reader] = process
        writers.append(writer)
    error: BaseException | None = None
    deadline = None
    try:
        for process in processes:
            process.start()
        for writer in writers:
            # the writer end lives on in its worker; closing the parent's copy lets a worker
            # that dies show up as end-of-file on its reader
            writer.close()
        while readers:
            if (interrupts or error is not None) and deadline is None:
                stop.value = 1
                deadline = time.monotonic() + GRACE
            if deadline is not None and time.monotonic() > deadline:
                # too slow to stop by themselves: end them; what they had sent is still read
                for process in readers.values():
                    if process.is_alive():
                        process.terminate()
            for reader in wait(list(readers), timeout=0.05):
                kind, payload = _receive(reader, readers[reader])
                if kind == "lost" and deadline is not None:
                    kind = "done"  # a worker ended while the run was stopping: nothing is lost
                if kind == "game":
                    on_result(payload)
                    continue
                process = readers.pop(reader)
                reader.close()
                if kind == "interrupt":
                    interrupts.press()
                elif kind == "error" and error is None:
                    error = payload
                elif kind == "lost" and error is None:
                    error = RuntimeError(
                        f"a worker process ended without reporting (exit code {process.exitcode}); its error "
                        "is printed above. Workers start fresh and import the main script again: if the "
                        "error speaks of the 'bootstrapping phase', put the script's code under "
                        "`if __name__ == \"__main__\":`")
    except KeyboardInterrupt:  # only if no handler could be installed
        interrupts.press()
    finally:
        stop.value = 1
        stop_processes(processes)
        for reader in readers:
            reader.close()
    if error is not None:
        raise error
    return bool(interrupts)


def stop_processes(processes) -> None:
    """Terminate the worker processes still running (a finished one is left alone) and reap all
    that were started."""
    started = [p for p in processes if p.pid is not None]
    for process in started:
        if process.is_alive():
            process.terminate()
    for process in started:
        process.join(timeout=1)


# -- on a Dask cluster --------------------------------------------------------------------

#: Dask settings for a cluster that plays games (``dask.config.set(DASK_SETTINGS)`` before a
#: LocalCluster starts; the environment variables in docs/cli-and-scale.md for ``dask scheduler``
#: and ``dask worker``). Dask's defaults wake every server's event loop many times a second for
#: its dashboard; each wake-up takes a core, and in a worker the GIL, from a game. Measured on a
#: 2-worker LocalCluster doing nothing: 114 ms of CPU per second with the defaults, 17 with these.
DASK_SETTINGS = {
    "distributed.worker.profile.enabled": False,  # a sample of the task thread's stack every 10 ms
    "distributed.admin.tick.interval": "1s",  # each server's event-loop health check, every 20 ms
    "distributed.admin.system-monitor.interval": "5s",  # CPU, memory and network readings every 0.5 s
    "distributed.worker.memory.monitor-interval": "1s",  # the nanny's look at its worker's memory every 0.1 s
}


def play_batch(packed_plan: bytes, ids: Sequence[int]) -> list[GameResult]:
    """One Dask task: play the games ``ids`` of the plan :func:`packed` made and return them (a
    task is the unit a cluster schedules, so it holds several games to keep the scheduler's
    overhead small)."""
    plan = pickle.loads(packed_plan)
    seats = resolve_policies(plan.game, plan.policies)
    return [play_one(plan, seats, i) for i in ids]


def default_batch(games: int, threads: int) -> int:
    """Games per task: about eight tasks per worker thread, so a slow task cannot hold the run
    up for long, and at most 200 games, so a finished task soon shows on disk and in the bar."""
    return max(1, min(200, -(-games // (8 * max(1, threads)))))


def run_on_dask(plan: Plan, ids: Sequence[int], client, on_result: Callable[[GameResult], None],
                interrupts: Interrupts, batch: int | None = None) -> bool:
    """Play the games ``ids`` as tasks of ``batch`` games on the cluster of ``client`` (a
    ``distributed.Client``), handing each finished game to ``on_result``; True if interrupted.

    Only a few tasks per worker thread are queued at a time, so the scheduler never holds a
    million tasks and memory stays flat. Ctrl-C cancels what is queued or running and keeps
    every finished task's games."""
    from distributed import wait as dask_wait

    threads = sum(client.nthreads().values())
    batch = batch or default_batch(len(ids), threads)
    batches = iter([ids[i:i + batch] for i in range(0, len(ids), batch)])
    # a key of its own (hash=False): two runs of the same plan must not share, and so release, one key
    [plan_data] = client.scatter([packed(plan)], broadcast=True, hash=False)
    running: set = set()

    def submit_next() -> bool:
        chunk = next(batches, None)
        if chunk is None:
            return False
        running.add(client.submit(play_batch, plan_data, chunk, pure=False))
        return True

    try:
        while len(running) < 2 * max(1, threads) and submit_next():
            pass
        while running and not interrupts:
            try:  # wakes up every 0.2 s to see a Ctrl-C
                done, _ = dask_wait(list(running), timeout=0.2, return_when="FIRST_COMPLETED")
            except TimeoutError:
                continue
            for future in done:
                running.discard(future)
                for result in future.result():  # a task's exception is raised here
                    on_result(result)
                submit_next()
    except KeyboardInterrupt:  # only if no handler could be installed
        interrupts.press()
    finally:
        for future in running:
            future.cancel()
    return bool(interrupts)


def _receive(reader, process) -> tuple[str, object]:
    try:
        return reader.recv()
    except (EOFError, OSError):
        process.join(timeout=1)
        return "lost", None


# -- what can reach a worker -------------------------------------------------------------


def packed(plan: Plan) -> bytes:
    """``plan`` serialised for a worker by cloudpickle, as Dask does: what a notebook or an
    interactive session defined (functions, lambdas, closures, classes of ``__main__``) travels
    by value, since a fresh worker process has no such definition to import."""
    import cloudpickle

    return cloudpickle.dumps(plan)


def check_sendable(specs, what: str) -> None:
    """Refuse, before any worker starts, what cannot be sent to a worker even by value (an
    object holding a lock, an open file, a generator...)."""
    import cloudpickle

    for spec in specs:
        try:
            cloudpickle.dumps(spec)
        except Exception as exc:
            raise ValueError(
                f"{what} {brief(spec)} cannot be sent to worker processes ({exc}); "
                "keep what it holds picklable (no locks, open files or generators) or use workers=1"
            ) from exc
