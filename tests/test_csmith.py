"""A small csmith sample (tiers 1 to 4) in the regular test run: gcc's output vs the port's.

The full runs are `make csmith N=300 TIER=1..4` (scripts/csmith.py). The seeds are fixed: ten
whose programs are tiny and ten of csmith's usual 40-150 KB, so the sample stays a few
minutes long; tier 2 (pointers and structs on) adds six seeds whose programs take field
addresses, compare pointers of different types and read integers through their other-signedness
pointers; tier 3 (unions and volatiles on) adds three seeds with unions that hold pointers, and tier 4
(csmith's defaults: bit-fields and packed structs too) three seeds with many bit-fields. Every seed must
give gcc's checksum (all did when this was tightened). A seed
csmith/gcc cannot use (native run over the limit) is skipped with the reason.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import sys

import pytest

from tests.support import ROOT

SEEDS = [15, 8, 14, 53, 7, 3, 22, 51, 56, 37,    # tiny programs
         1, 35, 52, 16, 27, 18, 26, 20, 13, 46]  # typical ones
TIER2_SEEDS = [38, 22, 21, 3, 6, 4]
TIER3_SEEDS = [4, 7, 8]     # unions with pointer members (tier 3 seeds 1-60: 49 passed, 11 excluded)
TIER4_SEEDS = [2, 10, 30]   # 6 and 28 bit-fields; bit-fields inside unions (tier 4 seeds 1-60: 57 passed, 3 excluded)
TIER_SEEDS = {1: SEEDS, 2: TIER2_SEEDS, 3: TIER3_SEEDS, 4: TIER4_SEEDS}


def _harness():
    spec = importlib.util.spec_from_file_location("csmith_harness", os.path.join(ROOT, "scripts", "csmith.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _outcomes(tmp_path_factory, tier, seeds):
    missing = [t for t in ("csmith", "gcc") if shutil.which(t) is None]
    assert not missing, f"{missing} not installed: make setup installs csmith and gcc"
    h = _harness()
    settings = h.Settings(tier=tier, workdir=str(tmp_path_factory.mktemp(f"csmith{tier}")))
    return {o.seed: o for o in h.check_seeds(seeds, settings, jobs=2)}


@pytest.fixture(scope="module")
def outcomes_of_tier(tmp_path_factory):
    """Each tier's seeds run together (on two workers) the first time one of them is asked for."""
    done = {}

    def outcomes(tier):
        if tier not in done:
            done[tier] = _outcomes(tmp_path_factory, tier, TIER_SEEDS[tier])
        return done[tier]
    return outcomes


def _check(o):
    if o.status == "excluded":
        pytest.skip(f"seed {o.seed} excluded: {o.detail}")
    assert o.status == "passed", f"seed {o.seed} {o.status}: {o.detail}"


@pytest.mark.parametrize("tier,seed", [(t, s) for t, seeds in TIER_SEEDS.items() for s in seeds],
                         ids=[f"tier{t}-seed{s}" for t, seeds in TIER_SEEDS.items() for s in seeds])
def test_seed_matches_gcc(outcomes_of_tier, tier, seed):
    _check(outcomes_of_tier(tier)[seed])


def test_summary_line_format():
    h = _harness()
    outs = [h.Outcome(1, h.PASSED), h.Outcome(2, h.FAILED, "line 1: native 'a', port 'b'"),
            h.Outcome(3, h.UNTRANSLATABLE, "prog.c:3:1: error: x [-Wunsupported-construct]"), h.Outcome(4, h.EXCLUDED, "slow")]
    lines = h.summary(2, outs)
    assert lines[0] == "csmith tier2: 1 passed, 1 failed, 1 untranslatable, 1 excluded of 4"
    assert lines[1:] == ["  failed seed 2: line 1: native 'a', port 'b'",
                         "  untranslatable seed 3: prog.c:3:1: error: x [-Wunsupported-construct]"]


def test_runs_with_csmith_options_are_named_by_them():
    h = _harness()
    assert h.run_label(["--max-funcs", "20", "--random-random"]) == "max-funcs-20-random-random"
    assert h.run_label([]) == ""
    lines = h.summary(4, [h.Outcome(1, h.PASSED)], ["--random-random"])
    assert lines == ["csmith tier4 (--random-random): 1 passed, 0 failed, 0 untranslatable, 0 excluded of 1"]
