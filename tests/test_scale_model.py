"""The storage-transport model (bench/scale_model.py, docs/scale.md): its message counts follow the runtime's
algorithms as written in the runtime (the loops of cMPI.Collectives.cs, cMPI.Variants.cs, cMPI.GatherScatter.cs,
replayed here step by step), and docs/scale.md's projection is what `bench/scale.py --project-only` prints.
Azurite's measured counts against the same algorithms are RequestCountTests (xunit) and `make bench-scale`."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import scale_model as model  # noqa: E402


def replay_bcast(p: int, root: int, sends: list) -> None:
    """BcastCore's binomial tree: find the parent by the lowest set bit, then send to rel + mask for smaller masks."""
    for rank in range(p):
        rel = (rank - root + p) % p
        mask = 1
        while mask < p:
            if rel & mask:
                break
            mask <<= 1
        mask >>= 1
        while mask > 0:
            if rel + mask < p:
                sends.append((rank, (rel + mask + root) % p))
            mask >>= 1


def replay(op: str, variant: str, p: int) -> list:
    """(sender, receiver) of every message one operation makes, as the runtime's loops make them."""
    sends: list = []
    if op == "barrier" and variant == "messages":
        for rank in range(p):
            mask = 1
            while mask < p:
                if rank & mask:
                    sends.append((rank, rank - mask))
                    break
                mask <<= 1
        replay_bcast(p, 0, sends)
    elif op == "barrier" and variant == "dissemination":
        for rank in range(p):
            d = 1
            while d < p:
                sends.append((rank, (rank + d) % p))
                d <<= 1
    elif op == "barrier" and variant == "table":
        pass
    elif op == "bcast" and variant == "hypercube":
        replay_bcast(p, 0, sends)
    elif op in ("bcast", "scatter"):
        sends += [(0, r) for r in range(1, p)]
    elif op == "allgather" and variant == "gatherbcast":
        sends += [(r, 0) for r in range(1, p)]
        replay_bcast(p, 0, sends)
    elif op == "allgather" and variant == "exchange":
        sends += [(r, q) for r in range(p) for q in range(p) if q != r]
    return sends


@pytest.mark.parametrize("op,variant", [(op, v) for op, vs in model.VARIANTS.items() if op != "pingpong" for v in vs])
@pytest.mark.parametrize("p", [1, 2, 3, 5, 8, 13, 32])
def test_model_counts_are_the_algorithms_messages(op, variant, p):
    sends = replay(op, variant, p)
    s = model.shape(op, variant, p)
    assert s.messages == len(sends)
    assert list(s.sent) == [sum(1 for a, _ in sends if a == r) for r in range(p)]
    assert list(s.received) == [sum(1 for _, b in sends if b == r) for r in range(p)]


@pytest.mark.parametrize("op,variant", [("bcast", "hypercube"), ("bcast", "naive"), ("scatter", "threads"), ("scatter", "sequential")])
@pytest.mark.parametrize("p", [2, 3, 5, 8, 17, 32, 33])
def test_root_sends_in_a_row_are_the_roots_messages(op, variant, p):
    """The timed model of a broadcast or scatter is the root's puts: all of rank 0's messages of the replayed
    algorithm, one after another, or 16 at a time for the threaded sends."""
    root_sends = sum(1 for a, _ in replay(op, variant, p) if a == 0)
    in_a_row = model.root_sends_in_a_row(op, variant, p)
    if variant in ("naive", "threads"):
        assert in_a_row == -(-root_sends // model.PARALLEL_SENDS)
        assert model.root_sends_in_a_row(op, variant, p, parallel_sends=2) == -(-root_sends // 2)  # a 2-core host's pool
    else:
        assert in_a_row == root_sends
        assert model.root_sends_in_a_row(op, variant, p, parallel_sends=2) == root_sends


def test_loaded_model_is_the_latency_model_until_the_service_saturates():
    """The loaded request time is max(D, N / X - Z) (closed-system asymptotic bound): the unloaded time while the p
    pollers ask for less than the service gives, then p / X - Z; the loaded operation is never faster than either
    its latency path or its own requests at the service's full rate."""
    lat = model.Latency(request_s=0.02, poll_wait_s=0.01)
    assert model.loaded_request_s(2, lat, 1000.0) == lat.request_s
    assert model.loaded_request_s(32, lat, 200.0) == pytest.approx(32 / 200.0 - model.BUSY_POLL_CAP_S / 2)
    for op, variants in model.VARIANTS.items():
        for v in variants:
            for p in (2, 4, 8, 16, 32):
                s = model.shape(op, v, p)
                loaded = model.loaded_op_seconds(s, p, lat, 150.0)
                assert loaded >= model.op_seconds(s, lat) - 1e-12
                assert loaded >= model.requests_per_op(s) / 150.0 - 1e-12
                assert model.loaded_op_seconds(s, p, lat, None) == model.op_seconds(s, lat)


def test_idle_polling_is_at_least_five_times_cheaper_in_the_model():
    lat = model.CLOUD
    assert model.idle_poll_rate(lat, 600, stretched=False) >= 5 * model.idle_poll_rate(lat, 600, stretched=True)


def test_docs_projection_is_the_tools():
    """docs/scale.md quotes the projection printed by bench/scale.py --project-only; regenerate it there when the model changes."""
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "scale.py"), "--project-only"],
                         capture_output=True, text=True, check=True).stdout
    with open(os.path.join(ROOT, "docs", "scale.md"), encoding="utf-8") as f:
        doc = f.read()
    assert out.strip() in doc, "docs/scale.md's projection block is not bench/scale.py --project-only's output"


GRID_GOLDEN = os.path.join(ROOT, "tests", "golden", "storage_model_accounts.txt")


@pytest.mark.parametrize("op,variant", [(op, v) for op, vs in model.VARIANTS.items() if op != "pingpong" for v in vs])
@pytest.mark.parametrize("p,k", [(5, 2), (13, 3), (64, 7), (256, 5)])
def test_account_rates_put_each_message_on_its_receivers_account(op, variant, p, k):
    """Sharded by rank mod k: the three requests of each replayed message on its receiver's account, each rank's
    polls on its own, the table's rows on account 0; together the one-account rate."""
    lat = model.CLOUD
    s = model.shape(op, variant, p)
    t = model.op_seconds(s, lat)
    expected = [0.0] * k
    for _, to in replay(op, variant, p):
        expected[to % k] += 3 / t
    for r in range(p):
        expected[r % k] += model.busy_poll_rate(lat)
    expected[0] += 2 * s.table_inserts / t
    rates = model.account_rates(op, variant, p, lat, k)
    assert rates == pytest.approx(expected)
    assert sum(rates) == pytest.approx(model.busy_rates(op, variant, p, lat)[1])
    need = model.accounts_needed(op, variant, p, lat)
    if need:
        assert max(model.account_rates(op, variant, p, lat, need)) <= model.ACCOUNT_TARGET_PER_S
        assert need == 1 or max(model.account_rates(op, variant, p, lat, need - 1)) > model.ACCOUNT_TARGET_PER_S


def test_account_grid_golden(update_golden):
    """The grid the runtime's copy of the model (StorageModelAgreementTests, xunit) must print the same."""
    grid = model.account_grid()
    if update_golden:
        with open(GRID_GOLDEN, "w", encoding="utf-8") as f:
            f.write(grid)
    with open(GRID_GOLDEN, encoding="utf-8") as f:
        assert f.read() == grid, "bench/scale_model.py's account grid changed: pytest --update-golden, then the runtime must agree"
