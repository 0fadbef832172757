"""The cost and time model of the azure transport (docs/scale.md): storage requests per collective and variant, per
rank, per queue and per account, latency rounds, and where a job meets the published scalability targets.

Each message the runtime sends through storage is one queue put by its sender, one get that brings it in (a get takes
up to 32 messages, so between M/32 and M gets for M messages; a busy exchange brings them one at a time) and one
delete by its receiver. Large messages (header + payload above 48 KiB) add a blob upload and a download. The table
barrier inserts one row per rank and polls its partition. Every rank that waits also polls its empty queue: those
empty polls are billed too, and they are what an idle job pays for.

Python 3 standard library only (bench/scale.py prints it beside Azurite's counts; tests/test_scale_model.py checks
the message counts against the algorithms' definitions).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

# Published targets and prices (docs/scale.md cites them):
# https://learn.microsoft.com/azure/storage/queues/scalability-targets (read 2026-11-26): a single queue up to
# 2,000 messages per second, a storage account up to 20,000 messages per second (1 KiB messages).
QUEUE_TARGET_PER_S = 2_000
ACCOUNT_TARGET_PER_S = 20_000
# USD per 10,000 transactions: Queues v2, GPv2 Standard LRS, Class 1 and Class 2 operations alike (the default of
# cmpi-run --price-per-10k-transactions; runtime StoragePrices.DefaultPer10k).
PRICE_PER_10K = 0.004

# Polling (runtime AzureOptions and PollSchedule): the pause between polls of an empty queue doubles from 1 ms to
# 20 ms while traffic flows; after an idle time T of a second or more it stretches to T/10, at most 1 s. Before
# issue 29 it stayed 20 ms.
BUSY_POLL_CAP_S = 0.020
IDLE_POLL_CAP_S = 1.0
IDLE_FRACTION = 0.1
IDLE_AFTER_S = 1.0


def log2ceil(p: int) -> int:
    """ceil(log2 p): the rounds of a binomial tree or a dissemination barrier over p ranks."""
    return max(0, (p - 1).bit_length())


@dataclass(frozen=True)
class Shape:
    """What one operation costs on p ranks, in messages and latency."""
    messages: int              # queue puts (= deletes) in the whole job
    sent: Tuple[int, ...]      # messages each rank sends
    received: Tuple[int, ...]  # messages each rank receives (deletes from its queue)
    rounds: int                # message hops one after another on the critical path
    serial_puts: int           # puts one rank makes one after another on that path (besides the hops)
    table_inserts: int = 0     # table barrier: rows inserted
    table_rounds: int = 0      # table barrier: request round trips on the path (insert, then at least one query)

    @property
    def hot_queue(self) -> int:
        """Messages the busiest queue receives per operation."""
        return max(self.received) if self.received else 0


def _binomial(p: int, root: int = 0) -> Tuple[List[int], List[int]]:
    """The binomial tree from root: relative rank v > 0 receives from v - lowbit(v)."""
    sent, received = [0] * p, [0] * p
    for v in range(1, p):
        parent = v - (v & -v)
        sent[(parent + root) % p] += 1
        received[(v + root) % p] += 1
    return sent, received


def shape(op: str, variant: str, p: int) -> Shape:
    """The model of operation op ("pingpong", "barrier", "bcast", "scatter", "allgather", "idle") in variant."""
    lg = log2ceil(p)
    if op == "pingpong":
        s = [1, 1] + [0] * (p - 2)
        return Shape(2, tuple(s), tuple(s), rounds=2, serial_puts=0)
    if op == "idle":  # rank 0 sends one message to each other rank, in order
        sent = [p - 1] + [0] * (p - 1)
        return Shape(p - 1, tuple(sent), tuple([0] + [1] * (p - 1)), rounds=1, serial_puts=max(0, p - 2))
    if op == "barrier":
        if variant == "messages":  # binomial fan-in to 0, binomial fan-out from 0
            down_s, down_r = _binomial(p)
            sent = [a + b for a, b in zip(down_r, down_s)]
            received = [a + b for a, b in zip(down_s, down_r)]
            return Shape(2 * (p - 1), tuple(sent), tuple(received), rounds=2 * lg, serial_puts=0)
        if variant == "dissemination":
            return Shape(p * lg, tuple([lg] * p), tuple([lg] * p), rounds=lg, serial_puts=0)
        if variant == "table":
            return Shape(0, tuple([0] * p), tuple([0] * p), rounds=0, serial_puts=0,
                         table_inserts=p if p > 1 else 0, table_rounds=2 if p > 1 else 0)
    if op == "bcast":
        if variant == "hypercube":
            sent, received = _binomial(p)
            return Shape(p - 1, tuple(sent), tuple(received), rounds=lg, serial_puts=0)
        if variant == "naive":  # the root's puts go out 16 at a time (threads, azure's default scatter)
            sent = [p - 1] + [0] * (p - 1)
            return Shape(p - 1, tuple(sent), tuple([0] + [1] * (p - 1)), rounds=1 if p > 1 else 0,
                         serial_puts=max(0, math.ceil((p - 1) / 16) - 1))
    if op == "scatter":
        sent = [p - 1] + [0] * (p - 1)
        serial = math.ceil((p - 1) / 16) - 1 if variant == "threads" else p - 2
        return Shape(p - 1, tuple(sent), tuple([0] + [1] * (p - 1)), rounds=1 if p > 1 else 0, serial_puts=max(0, serial))
    if op == "allgather":
        if variant == "gatherbcast":  # gather to 0 (p - 1 messages), then the hypercube broadcast of the packed blocks
            down_s, down_r = _binomial(p)
            sent = [(1 if r else 0) + down_s[r] for r in range(p)]
            received = [(p - 1 if r == 0 else 0) + down_r[r] for r in range(p)]
            return Shape(2 * (p - 1), tuple(sent), tuple(received), rounds=(1 + lg) if p > 1 else 0, serial_puts=0)
        if variant == "exchange":
            return Shape(p * (p - 1), tuple([p - 1] * p), tuple([p - 1] * p), rounds=1 if p > 1 else 0,
                         serial_puts=max(0, p - 2))
    raise ValueError(f"no model for {op} {variant}")


# The variants each collective has (the first wins a tie in the runtime's chooser, Core/StorageCollectiveModel.cs), and the operations the bench measures.
VARIANTS: Dict[str, List[str]] = {
    "pingpong": ["-"],
    "barrier": ["messages", "dissemination", "table"],
    "bcast": ["hypercube", "naive"],
    "scatter": ["threads", "sequential"],
    "allgather": ["gatherbcast", "exchange"],
}
# The environment variable that picks each collective's variant (runtime Core/CollectiveVariants.cs).
VARIANT_ENV = {"barrier": "CMPI_BARRIER", "bcast": "CMPI_BCAST", "scatter": "CMPI_SCATTER", "allgather": "CMPI_ALLGATHER"}


# ---------------------------------------------------------------- time

@dataclass(frozen=True)
class Latency:
    """The time parameters: one storage request's round trip, and the wait for a poll to find a message."""
    request_s: float       # one request (put, get, insert, query) answered
    poll_wait_s: float     # from a message's put to the get that finds it, beyond the get itself

    @property
    def hop_s(self) -> float:
        """One message hop: the sender's put, the receiver's wait for its next poll, its get."""
        return 2 * self.request_s + self.poll_wait_s

    @staticmethod
    def from_pingpong(round_trip_s: float) -> "Latency":
        """Calibrated on a measured ping-pong (two hops): a hop is half of it, the poll wait a fifth of the hop."""
        hop = round_trip_s / 2
        return Latency(request_s=0.4 * hop, poll_wait_s=0.2 * hop)


# A real account in the same region: about 10 ms per request is an assumption of this model (no cloud account was
# measured, docs/scale.md); replace it with a ping-pong measured there (Latency.from_pingpong).
CLOUD = Latency(request_s=0.010, poll_wait_s=0.005)


def op_seconds(s: Shape, lat: Latency) -> float:
    """Time of one operation: its hops one after another, plus the puts one rank makes in a row, plus the table's round trips."""
    return s.rounds * lat.hop_s + s.serial_puts * lat.request_s + s.table_rounds * lat.request_s


def loaded_request_s(p: int, lat: Latency, server_rate_per_s: float) -> float:
    """One request's time when p ranks share a service that answers at most server_rate_per_s requests a second.

    Each rank's receive loop is a client with one request out at a time and a pause (think time Z, about half the
    20 ms cap while busy) between polls. In a closed system of N such clients, a request's response time is at least
    max(D, N / X_max - Z), D its time unloaded and X_max the service's throughput: the asymptotic bounds of
    operational analysis (Lazowska, Zahorjan, Graham, Sevcik, "Quantitative System Performance", 1984, section 5.2).
    On Azurite (one Node.js thread) with the ranks as threads on a shared 2-core host, X_max is a few hundred a
    second and the second term wins from about 8 ranks."""
    if server_rate_per_s <= 0:
        return lat.request_s
    return max(lat.request_s, p / server_rate_per_s - BUSY_POLL_CAP_S / 2)


# The root's puts that go out at once in the naive broadcast and the threaded scatter (runtime
# StorageCollectiveModel.ParallelSends), at most.
PARALLEL_SENDS = 16
# Variants whose modelled time is a lower bound, not an estimate: the table barrier's ranks that arrive early query
# their partition again and again until the last row is in, and the model counts one query (docs/scale.md).
LOWER_BOUND_ONLY = {("barrier", "table")}


def root_sends_in_a_row(op: str, variant: str, p: int, parallel_sends: int = PARALLEL_SENDS) -> Optional[int]:
    """Puts rank 0 makes one after another in a rooted one-way collective (bcast, scatter from 0), None for the others.

    bench/scale/collectives.c times the operation on rank 0, back to back. In a broadcast or scatter the root receives
    nothing, so it goes on to the next operation as soon as its own puts are answered: its time per operation is its
    puts one after another (the binomial tree's ceil(log2 p) children in turn, the threaded sends 16 at a time, the
    sequential scatter's p - 1), not the hops to the last receiver, which overlap with the next operations. The
    collectives in which rank 0 receives (barriers, allgathers) wait a full round of hops each time.

    parallel_sends: how many of the threaded sends are really under way at once. The runtime asks for 16
    (Parallel.ForEach), but they run on the .NET thread pool, which starts as many worker threads as the machine has
    cores and adds more only slowly when they block (ThreadPool.SetMinThreads: "the thread pool provides new worker
    threads ... on demand until it reaches the minimum", the minimum defaulting to the processor count;
    https://learn.microsoft.com/dotnet/api/system.threading.threadpool.setminthreads). Each send blocks in its HTTP
    request, so on a 2-core host about 2 go at once, and fewer when the rank threads of one cmpi-run share the pool."""
    if p < 2 or op not in ("bcast", "scatter"):
        return None
    if op == "bcast" and variant == "hypercube":
        return log2ceil(p)
    if variant in ("naive", "threads"):
        return math.ceil((p - 1) / max(1, min(parallel_sends, PARALLEL_SENDS)))
    return p - 1


def timed_op_seconds(op: str, variant: str, p: int, lat: Latency, server_rate_per_s: Optional[float],
                     parallel_sends: int = PARALLEL_SENDS) -> float:
    """The time per operation rank 0 of bench/scale/collectives.c measures on p ranks sharing the service:
    loaded_op_seconds, except for the rooted one-way collectives, whose root waits for its own puts only."""
    s = shape(op, variant, p)
    puts = root_sends_in_a_row(op, variant, p, parallel_sends)
    if puts is None:
        return loaded_op_seconds(s, p, lat, server_rate_per_s)
    if not server_rate_per_s:
        return puts * lat.request_s
    # Back to back, the root cannot stay ahead of the service for long: the operations' requests (a put, a get and a
    # delete per message) queue up in front of its next puts, so in the steady state it goes no faster than the
    # service answers a whole operation (the throughput bound, as in loaded_op_seconds). Without it the model had the
    # hypercube broadcast at 8-16 ranks 3.5-5x too fast on a quiet host (2026-11-27 00:00 UTC, 20 operations timed).
    return max(puts * loaded_request_s(p, lat, server_rate_per_s), requests_per_op(s) / server_rate_per_s)


def loaded_op_seconds(s: Shape, p: int, lat: Latency, server_rate_per_s: Optional[float]) -> float:
    """Time of one operation on p ranks sharing a service of server_rate_per_s requests a second (None: unbounded).

    The larger of two bounds: the critical path (op_seconds) with every request slowed to loaded_request_s, and the
    service's time for the operation's own requests (3 per message, 2 per table row) at its full rate. The poll wait
    of a hop scales with the request time (the pause between polls is a fixed share of a hop, Latency.from_pingpong)."""
    if not server_rate_per_s:
        return op_seconds(s, lat)
    slow = loaded_request_s(p, lat, server_rate_per_s) / lat.request_s if lat.request_s > 0 else 1.0
    path = op_seconds(s, Latency(request_s=lat.request_s * slow, poll_wait_s=lat.poll_wait_s * slow))
    return max(path, requests_per_op(s) / server_rate_per_s)


# ---------------------------------------------------------------- rates, saturation, cost

def busy_poll_rate(lat: Latency) -> float:
    """Polls a second by a rank that waits during a busy exchange: a request, then a pause of about half the 20 ms cap."""
    return 1.0 / (lat.request_s + BUSY_POLL_CAP_S / 2)


def idle_poll_rate(lat: Latency, idle_s: float, stretched: bool = True) -> float:
    """Polls a second by a rank idle for idle_s seconds (the old schedule: every 20 ms plus the request)."""
    pause = BUSY_POLL_CAP_S
    if stretched and idle_s >= IDLE_AFTER_S:
        pause = max(pause, min(IDLE_POLL_CAP_S, idle_s * IDLE_FRACTION))
    return 1.0 / (lat.request_s + pause)


def requests_per_op(s: Shape) -> int:
    """Message requests of one operation (put, get, delete each), and the table barrier's insert and one query per rank."""
    return 3 * s.messages + 2 * s.table_inserts


def busy_rates(op: str, variant: str, p: int, lat: Latency) -> Tuple[float, float]:
    """(requests a second on the busiest queue, on the account) when the operation runs back to back on p ranks."""
    s = shape(op, variant, p)
    t = op_seconds(s, lat)
    if t <= 0:
        return 0.0, 0.0
    polls = p * busy_poll_rate(lat)
    queue = 3 * s.hot_queue / t + busy_poll_rate(lat)
    account = requests_per_op(s) / t + polls
    return queue, account


def saturation(op: str, variant: str, lat: Latency, limit: int = 1 << 16) -> Tuple[Optional[int], Optional[int]]:
    """The smallest rank count (a power of two up to limit, then refined) at which the busiest queue, and the account, pass their targets."""
    def first(pred) -> Optional[int]:
        lo, p = 1, 2
        while p <= limit and not pred(p):
            lo, p = p, p * 2
        if p > limit:
            return None
        while lo + 1 < p:  # bisect between the last power that held and the first that did not
            mid = (lo + p) // 2
            if pred(mid):
                p = mid
            else:
                lo = mid
        return p
    q = first(lambda p: busy_rates(op, variant, p, lat)[0] > QUEUE_TARGET_PER_S)
    a = first(lambda p: busy_rates(op, variant, p, lat)[1] > ACCOUNT_TARGET_PER_S)
    return q, a


def cost_per_hour(requests_per_s: float, price_per_10k: float = PRICE_PER_10K) -> float:
    return requests_per_s * 3600 * price_per_10k / 10_000


def idle_cost_per_hour(p: int, lat: Latency, stretched: bool, idle_s: float = 600.0) -> float:
    """An idle job (every rank waits, long: idle_s) for an hour."""
    return cost_per_hour(p * idle_poll_rate(lat, idle_s, stretched))


def busy_cost_per_hour(op: str, variant: str, p: int, lat: Latency) -> float:
    """The operation back to back for an hour on one account, at most its target rate (beyond, requests are refused)."""
    return cost_per_hour(min(busy_rates(op, variant, p, lat)[1], ACCOUNT_TARGET_PER_S))


# ---------------------------------------------------------------- several accounts (--azure-accounts)

def account_of(rank: int, accounts: int) -> int:
    """The account of rank's queues when a job is sharded over `accounts` (runtime StorageAccounts.AccountOf)."""
    return rank % accounts


def account_rates(op: str, variant: str, p: int, lat: Latency, accounts: int) -> List[float]:
    """Requests a second on each account when the operation runs back to back on p ranks sharded by rank mod k.

    Every request of a message lands on its receiver's account (the sender's put goes to the receiver's queue, the
    receiver's get and delete to its own), each rank's polls on its own account, and the table barrier's rows
    (an insert and a query each) on account 0, which holds the job's table. Their sum is busy_rates' account rate."""
    s = shape(op, variant, p)
    t = op_seconds(s, lat)
    rates = [0.0] * accounts
    if t <= 0:
        return rates
    poll = busy_poll_rate(lat)
    for r in range(p):
        rates[account_of(r, accounts)] += 3 * s.received[r] / t + poll
    rates[0] += 2 * s.table_inserts / t
    return rates


def accounts_needed(op: str, variant: str, p: int, lat: Latency, limit: int = 1024) -> Optional[int]:
    """The fewest accounts that keep every account under its target for the operation back to back on p ranks;
    None when no k up to limit does (one rank's own queue, or account 0's table, passes the target alone)."""
    for k in range(1, min(p, limit) + 1):
        if max(account_rates(op, variant, p, lat, k)) <= ACCOUNT_TARGET_PER_S:
            return k
    return None


# The grid on which this model and the runtime's copy (Core/StorageCollectiveModel.cs) must agree: both print it the
# same way (tests/golden/storage_model_accounts.txt; tests/test_scale_model.py and the runtime's
# StorageModelAgreementTests). The table barrier is left out: the runtime's model does not price it (docs/scale.md).
GRID_RANKS = (2, 3, 5, 8, 13, 64, 256, 1024, 4096)
GRID_ACCOUNTS = (1, 2, 3, 7)


def account_grid(lat: Latency = CLOUD) -> str:
    lines = []
    for op, variants in VARIANTS.items():
        for v in variants:
            if op == "pingpong" or v == "table":
                continue
            for p in GRID_RANKS:
                lines.append(f"{op} {v} p={p} seconds={op_seconds(shape(op, v, p), lat):.6f} requests={requests_per_op(shape(op, v, p))}")
                for k in GRID_ACCOUNTS:
                    rates = " ".join(f"{x:.6f}" for x in account_rates(op, v, p, lat, k))
                    lines.append(f"{op} {v} p={p} k={k}: {rates}")
                need = accounts_needed(op, v, p, lat)
                lines.append(f"{op} {v} p={p} accounts needed: {need if need else 'none'}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["--account-grid"]:
        sys.stdout.write(account_grid())
