"""Policies defined in a notebook (functions, lambdas, closures of the kernel's ``__main__``) play on
two worker processes and on Dask: simulate, experiment and tournament send them by value
(cloudpickle), and the tables are the ones a single process gives."""

import nbformat
import pytest
from nbclient import NotebookClient

CELLS = [
    """
import pandas as pd
from boardlab import whitecastle, simulate, tournament
from boardlab.core.experiments import Forcing, experiment
game = whitecastle.Game(players=2)
""",
    """
def first_option(state, rng):          # a function of this notebook
    return state.legal_actions()[0]

def nth_option(k):                     # a closure over k, returned as a lambda
    return lambda state, rng: state.legal_actions()[min(k, len(state.legal_actions()) - 1)]

def left_end(state):                   # an experiment's choice: take a die from the left end
    return next((a for a in state.legal_actions() if str(a).endswith("(left end)")), None)
""",
    """
one = simulate(game, [first_option, nth_option(1)], games=6, seed=3, progress=False)
two = simulate(game, [first_option, nth_option(1)], games=6, seed=3, workers=2, progress=False)
pd.testing.assert_frame_equal(one, two)
""",
    """
arms = {"random": "random", "left end": Forcing("random", left_end, p=1.0, name="left end")}
alone, on_two = (experiment(game, arms, opponents="random", games=6, seed=1, workers=w) for w in (1, 2))
pd.testing.assert_frame_equal(alone.summary, on_two.summary)
pd.testing.assert_frame_equal(alone.outcomes, on_two.outcomes)
players = {"first": first_option, "second": nth_option(1), "random": "random"}
pd.testing.assert_frame_equal(tournament(game, players, games=4, seed=2, progress=False).pairings,
                              tournament(game, players, games=4, seed=2, workers=2, progress=False).pairings)
""",
    """
from distributed import Client, LocalCluster
# two worker processes on loopback: fresh interpreters that never ran this notebook
with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                  dashboard_address=None) as cluster, Client(cluster) as client:
    on_dask = simulate(game, [first_option, nth_option(1)], games=6, seed=3, backend="dask",
                       client=client, batch=2, progress=False)
pd.testing.assert_frame_equal(one, on_dask)
print("same tables:", len(one), "rows")
""",
]


@pytest.mark.slow
def test_policies_defined_in_a_notebook_run_on_two_workers_and_on_dask(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c.strip()) for c in CELLS])
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    assert [o.get("text") for o in nb.cells[-1].outputs if o.get("name") == "stdout"] == ["same tables: 12 rows\n"]
