"""The rules' TOML read through a cache (translator/toml_cache.py, issue 28's start-up): the same tables as tomllib
gives, a changed file parsed again, and no cache (unwritable, damaged) no error."""
from __future__ import annotations

import os
import tomllib

from translator import toml_cache
from translator.rules import RULES_DIR


def test_the_cached_rules_are_tomllibs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for name in ("mpi.toml", "libc.toml"):
        path = os.path.join(RULES_DIR, name)
        with open(path, "rb") as f:
            want = tomllib.load(f)
        first = toml_cache.load(path)  # parsed, then stored
        second = toml_cache.load(path)  # from the cache
        assert first == want and second == want
        assert list(second) == list(want)  # the rows in the file's order
    assert len(os.listdir(toml_cache.cache_dir())) == 2


def test_a_changed_file_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "t.toml"
    path.write_text('[a]\nx = 1\n')
    assert toml_cache.load(str(path)) == {"a": {"x": 1}}
    path.write_text('[a]\nx = 2\n')
    assert toml_cache.load(str(path)) == {"a": {"x": 2}}


def test_a_cache_that_cannot_be_used_is_no_error(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # cmpi/toml cannot be made under a file
    path = tmp_path / "t.toml"
    path.write_text('when = 1979-05-27\n[b]\ny = "z"\n')  # a date: marshal cannot write it
    assert toml_cache.load(str(path))["b"] == {"y": "z"}
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path.write_text('[b]\ny = "z"\n')
    toml_cache.load(str(path))
    for name in os.listdir(toml_cache.cache_dir()):
        (tmp_path / "cache" / "cmpi" / "toml" / name).write_bytes(b"\x00damaged")
    assert toml_cache.load(str(path)) == {"b": {"y": "z"}}


def test_the_cache_keeps_its_newest_files_only(tmp_path, monkeypatch):
    """Every edit of a rules file leaves a new cache file: writing one removes the oldest beyond the newest
    cache_pruning.KEEP (the code cache of ir.py uses the same), and a pruned content is parsed again, not lost."""
    from translator import cache_pruning
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    directory = toml_cache.cache_dir()
    os.makedirs(directory)
    old = []
    for i in range(cache_pruning.KEEP + 4):  # earlier versions' files, the first the oldest
        stale = os.path.join(directory, "%064x.marshal" % i)
        with open(stale, "wb") as f:
            f.write(b"stale")
        os.utime(stale, (1_000_000 + i, 1_000_000 + i))
        old.append(stale)
    other = os.path.join(directory, "notes.txt")  # not a cache file: never removed
    with open(other, "w") as f:
        f.write("kept")
    path = tmp_path / "t.toml"
    path.write_text('[a]\nx = 3\n')
    assert toml_cache.load(str(path)) == {"a": {"x": 3}}
    left = sorted(name for name in os.listdir(directory) if name.endswith(".marshal"))
    assert len(left) == cache_pruning.KEEP
    assert [p for p in old if os.path.exists(p)] == old[5:]  # the five oldest went, the new file stays
    assert os.path.exists(other)
    assert toml_cache.load(str(path)) == {"a": {"x": 3}}
