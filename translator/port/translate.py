"""One program through cmpi-translate (its command line, in a process of its own), and the port's project files.

The translator is used only through `cmpi-translate`'s command line: its diagnostics are the compilers'
`file:line:col: severity: message [-Wname]` lines, read back here as data. A process per program also keeps
`-j N` translations apart and a crash in one from the others: `cmpi-translate --batch` gives each program that
process (a child forked from a warm batch, BatchRunner), so the start-up is paid once per worker.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from .capture import Program, Unit

STAMP_FORMAT = "cmpi-port-stamp/1"
_DIAG = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note): (?P<msg>.*?)"
                   r"(?: \[-W(?P<name>[\w-]+)\])?$")
_NOLOC = re.compile(r"^cmpi-translate: (?P<sev>error|warning|note): (?P<msg>.*?)(?: \[-W(?P<name>[\w-]+)\])?$")
TRANSLATOR_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_ROOT = os.path.dirname(TRANSLATOR_ROOT)


@dataclass
class Job:
    """A program ready to translate: its name in the port, its files and one command line's flags."""
    program: Program
    folder: str                 # ported/<folder>
    class_name: str
    sources: List[str]          # paths the translator reads (a captured copy when the build's file is gone)
    originals: Dict[str, str]   # translator path -> the path the build named
    includes: List[str]
    defines: List[str]
    clang_args: List[str]
    notes: List[str] = field(default_factory=list)
    key: str = ""


@dataclass
class Result:
    job: Job
    status: str                 # ported, failed, internal-error
    diagnostics: List[dict]
    seconds: float
    c_lines: int
    cs_lines: int
    cached: bool = False
    class_name: Optional[str] = None


# ------------------------------------------------------------------ names

def class_name(program: str) -> str:
    """The port's C# class: the program's name in CamelCase, with "Program" appended when that is a name the
    generated code or the runtime uses (a program `random` would hide System.Random, `math` Math)."""
    from ..cli import class_name_problem
    parts = [p for p in re.split(r"[^0-9A-Za-z]+", program) if p]
    name = "".join(p[0].upper() + p[1:] for p in parts) or "Program"
    name = "Program" + name if name[0].isdigit() else name
    while class_name_problem(name):
        name += "Program"
    return name


def folder_names(programs: List[Program]) -> Dict[int, str]:
    """ported/<folder> for each program: its executable's name, made unique by its parent folders when two
    programs share a name (a/prog and b/prog become a_prog and b_prog)."""
    def clean(s: str) -> str:
        return re.sub(r"[^\w.+-]+", "_", s).strip("_") or "program"
    names = {}
    by_name: Dict[str, List[int]] = {}
    for i, p in enumerate(programs):
        by_name.setdefault(clean(p.name).lower(), []).append(i)
    for key, idx in by_name.items():
        if len(idx) == 1:
            names[idx[0]] = clean(programs[idx[0]].name)
            continue
        depth = 1
        while True:
            cands = {}
            for i in idx:
                p = programs[i]
                where = os.path.dirname(p.executable or p.units[0].source)
                parts = [x for x in where.split(os.sep) if x][-depth:]
                cands[i] = clean("_".join(parts + [p.name]))
            if len(set(c.lower() for c in cands.values())) == len(idx) or depth > 20:
                names.update(cands)
                break
            depth += 1
    return names


# ------------------------------------------------------------------ jobs

def make_job(program: Program, folder: str, store: Optional[str], staging: str) -> Job:
    notes = list(program.notes)
    includes: List[str] = []
    defines: List[str] = []
    undefs: List[str] = []
    include_files: List[str] = []
    std = None
    sources, originals = [], {}
    macro_values: Dict[str, str] = {}
    for u in program.units:
        path = u.source
        if not _same_content(u, store):
            copy = _captured_copy(u, store, staging)
            if copy is None:
                notes.append(f"{u.source}: the build's file is gone and was not captured: left out")
                continue
            notes.append(f"{u.source} is gone or changed since the build: the copy captured when it was compiled "
                         "is ported")
            includes.append(os.path.dirname(u.source))  # its quoted includes, from where it was
            path = copy
        sources.append(path)
        originals[path] = u.source
        for d in u.includes:
            if d not in includes:
                includes.append(d)
        for d in u.defines:
            name, _, value = d.partition("=")
            if name in macro_values and macro_values[name] != value:
                notes.append(f"-D{name} differs between the program's files ({macro_values[name] or '(empty)'} and "
                             f"{value or '(empty)'}): the first is used for all")
                continue
            if name not in macro_values:
                macro_values[name] = value
                defines.append(d)
        undefs += [x for x in u.undefs if x not in undefs]
        include_files += [x for x in u.include_files if x not in include_files]
        std = std or u.std
    extra = [f"-U{x}" for x in undefs]
    for f in include_files:
        extra += ["-include", f]
    if std:
        extra.append(f"-std={std}")
    return Job(program, folder, class_name(folder), sources, originals, includes, defines, extra, notes)


def _same_content(u: Unit, store: Optional[str]) -> bool:
    if not os.path.exists(u.source):
        return False
    if not u.source_hash or not store:
        return True
    return _sha(u.source) == u.source_hash


def _captured_copy(u: Unit, store: Optional[str], staging: str) -> Optional[str]:
    if not (store and u.source_hash and os.path.exists(os.path.join(store, u.source_hash))):
        return None
    target_dir = os.path.join(staging, u.source_hash[:16])
    os.makedirs(target_dir, exist_ok=True)
    target = os.path.join(target_dir, os.path.basename(u.source))
    shutil.copyfile(os.path.join(store, u.source_hash), target)
    return target


def _sha(path: str) -> Optional[str]:
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


_fingerprint: Optional[str] = None


def translator_fingerprint() -> str:
    """The translator's version: its package version and a hash of its code and rules (a changed rule re-ports)."""
    global _fingerprint
    if _fingerprint is None:
        h = hashlib.sha256()
        for dirpath, dirnames, filenames in sorted(os.walk(TRANSLATOR_ROOT)):
            dirnames[:] = sorted(d for d in dirnames if d not in ("port", "__pycache__"))
            for f in sorted(filenames):
                if f.endswith((".py", ".toml", ".h", ".j2")):
                    p = os.path.join(dirpath, f)
                    h.update(os.path.relpath(p, TRANSLATOR_ROOT).encode() + b"\0")
                    with open(p, "rb") as fh:
                        h.update(fh.read())
        _fingerprint = h.hexdigest()
    return _fingerprint


def job_key(job: Job, extra: str) -> str:
    """What decides the port: the files' contents (sources, the headers beside them and in the -I folders),
    the flags, the translator's version and the project's settings."""
    h = hashlib.sha256()
    h.update(f"{STAMP_FORMAT}\n{translator_fingerprint()}\n{extra}\n{job.folder}\n{job.class_name}\n".encode())
    for part in (job.includes, job.defines, job.clang_args):
        h.update(("\0".join(part) + "\n").encode())
    headers = set()
    for s in job.sources:
        h.update(f"{job.originals.get(s, s)}={_sha(s)}\n".encode())
        headers.add(os.path.dirname(s))
    headers.update(job.includes)
    for d in sorted(headers):
        try:
            names = sorted(n for n in os.listdir(d) if n.endswith(".h"))
        except OSError:
            continue
        for n in names:
            h.update(f"{os.path.join(d, n)}={_sha(os.path.join(d, n))}\n".encode())
    return h.hexdigest()


# ------------------------------------------------------------------ running cmpi-translate

class Runner:
    """Runs translations, each in its own process; interrupt() ends those still running."""

    def __init__(self, translate_cmd: Optional[List[str]] = None):
        # CMPI_PORT_TRANSLATE: another cmpi-translate command line (tests; a translator installed elsewhere)
        override = os.environ.get("CMPI_PORT_TRANSLATE")
        self.translate_cmd = translate_cmd or (shlex.split(override) if override else
                                               [sys.executable, "-m", "translator"])
        self._procs: Dict[int, subprocess.Popen] = {}
        self._lock = threading.Lock()
        self.interrupted = False

    def interrupt(self) -> None:
        self.interrupted = True
        with self._lock:
            for p in self._procs.values():
                try:
                    if p.returncode is None:
                        os.killpg(p.pid, signal.SIGTERM)  # its own session (and a batch's forked job with it)
                except OSError:
                    pass

    def _start(self, cmd: List[str], cwd: Optional[str], **kwargs) -> subprocess.Popen:
        env = dict(os.environ)
        env.pop("CMPI_DEBUG", None)
        env["PYTHONPATH"] = REPO_ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        if self.interrupted:
            raise KeyboardInterrupt
        kwargs.setdefault("text", True)
        p = subprocess.Popen(cmd, cwd=cwd, env=env, start_new_session=True, **kwargs)  # Ctrl-C reaches cmpi-port, which ends it
        with self._lock:
            self._procs[id(p)] = p
        return p

    def _forget(self, p: subprocess.Popen) -> None:
        with self._lock:
            self._procs.pop(id(p), None)

    def translate(self, job: Job, out_dir: str) -> Result:
        """Translates into out_dir (a temporary folder the caller renames into place)."""
        os.makedirs(out_dir, exist_ok=True)
        output = os.path.join(out_dir, job.class_name + ".cs")
        start = time.perf_counter()
        p = self._start(self.translate_cmd + translate_arguments(job, output), _job_cwd(job),
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            out, err = p.communicate()
        finally:
            self._forget(p)
        if self.interrupted:
            raise KeyboardInterrupt
        return job_result(job, output, p.returncode, out, err, time.perf_counter() - start)

    def close(self) -> None:
        """Ends what the runner keeps running between translations (nothing here; BatchRunner's batches)."""


class BatchRunner(Runner):
    """Runs translations through `cmpi-translate --batch -` processes (translator/batch.py), one per worker thread
    at a time: each imports the translator, loads libclang and the rules once, then forks a child per job, which is
    `cmpi-translate ARGS` exactly (its exit status, its diagnostics, its bounds). A port of many programs pays
    Python's start and the imports (about 0.2-0.3 s of CPU) once per worker instead of once per program (issue 28).
    A batch that dies (killed) fails its job as an internal error and is started again for the next."""

    def __init__(self, translate_cmd: Optional[List[str]] = None):
        super().__init__(translate_cmd)
        self._idle: List[subprocess.Popen] = []

    def translate(self, job: Job, out_dir: str) -> Result:
        os.makedirs(out_dir, exist_ok=True)
        output = os.path.join(out_dir, job.class_name + ".cs")
        cwd = _job_cwd(job)
        args = (["-C", cwd] if cwd else []) + translate_arguments(job, output)
        if not all(_one_line_utf8(a) for a in args):
            return super().translate(job, out_dir)  # a job is one line of UTF-8 text: this one runs alone
        line = shlex.join(args)
        with self._lock:
            p = self._idle.pop() if self._idle else None
        if p is None:
            # stdout: one JSON line per job; stderr: the batch's own (a job's diagnostics are in its JSON line)
            p = self._start(self.translate_cmd + ["--batch", "-"], None, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=1, encoding="utf-8")
        start = time.perf_counter()
        try:
            p.stdin.write(line + "\n")
            p.stdin.flush()
            answer = p.stdout.readline()
        except OSError:
            answer = ""
        seconds = time.perf_counter() - start
        try:
            result = json.loads(answer)
        except ValueError:
            result = None
        if not isinstance(result, dict):
            self._end(p)  # (killed: interrupt(), or from outside)
            if self.interrupted:
                raise KeyboardInterrupt
            return job_result(job, output, 3, "", "cmpi-translate --batch ended without answering for this program",
                              seconds)
        with self._lock:
            self._idle.append(p)
        if self.interrupted:
            raise KeyboardInterrupt
        status = result.get("exit", 3)
        return job_result(job, output, status if isinstance(status, int) and status >= 0 else 3,
                          result.get("output", ""), result.get("diagnostics", ""), seconds)

    def _end(self, p: subprocess.Popen) -> None:
        try:
            p.stdin.close()
        except OSError:
            pass
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        self._forget(p)

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for p in idle:
            self._end(p)


def make_runner() -> Runner:
    """A batch runner, unless CMPI_PORT_TRANSLATE names another translator (a test's script, a translator installed
    elsewhere, which may not have --batch): then a process per program."""
    return Runner() if os.environ.get("CMPI_PORT_TRANSLATE") else BatchRunner()


def _one_line_utf8(arg: str) -> bool:
    if "\n" in arg or "\r" in arg:
        return False
    try:
        arg.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _job_cwd(job: Job) -> Optional[str]:
    return job.program.cwd if os.path.isdir(job.program.cwd) else None


def translate_arguments(job: Job, output: str) -> List[str]:
    """cmpi-translate's arguments for the job (without the command itself)."""
    args = list(job.sources) + ["-o", output, "--class-name", job.class_name]
    for d in job.includes:
        args += ["-I", d]
    for d in job.defines:
        args += ["-D", d]
    if job.clang_args:
        args += ["--"] + job.clang_args
    return args


def job_result(job: Job, output: str, returncode: int, out: str, err: str, seconds: float) -> Result:
    """The Result of a cmpi-translate run of the job that exited `returncode` with standard output and error."""
    diags = parse_diagnostics(err, job.originals)
    c_lines = sum(count_lines(s) for s in job.sources)
    if returncode == 0 and os.path.exists(output):
        actual = _class_of(output) or job.class_name
        return Result(job, "ported", diags, seconds, c_lines, count_lines(output), class_name=actual)
    status = "failed" if returncode == 1 else "internal-error"
    if not any(d["severity"] == "error" for d in diags):
        text = (err.strip() or out.strip() or f"cmpi-translate exited with status {returncode}")
        diags.append(_diagnostic(None, 0, 0, "error", text.splitlines()[-1][:2000],
                                 "internal" if status == "internal-error" else "unknown"))
    return Result(job, status, diags, seconds, c_lines, 0)


def _class_of(cs: str) -> Optional[str]:
    with open(cs, encoding="utf-8") as f:
        m = re.search(r"^public (?:sealed |static )*class (\w+)", f.read(), re.M)
    return m.group(1) if m else None


def count_lines(path: str) -> int:
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return 0


def _diagnostic(file, line, col, severity, message, category) -> dict:
    return {"file": file, "line": line, "column": col, "severity": severity, "message": message,
            "category": category or "unknown", "source_line": _source_line(file, line)}


def _source_line(file: Optional[str], line: int) -> Optional[str]:
    if not file or line <= 0:
        return None
    try:
        with open(file, encoding="utf-8", errors="replace") as f:
            for n, text in enumerate(f, 1):
                if n == line:
                    return text.rstrip("\n")
    except OSError:
        return None
    return None


def parse_diagnostics(stderr: str, originals: Dict[str, str]) -> List[dict]:
    """cmpi-translate's `file:line:col: severity: message [-Wname]` lines as records."""
    out = []
    for raw in stderr.splitlines():
        m = _DIAG.match(raw)
        if m:
            file = m.group("file")
            d = _diagnostic(file, int(m.group("line")), int(m.group("col")), m.group("sev"), m.group("msg"),
                            m.group("name"))
            d["file"] = originals.get(file, file)
            out.append(d)
            continue
        m = _NOLOC.match(raw)
        if m:
            out.append(_diagnostic(None, 0, 0, m.group("sev"), m.group("msg"), m.group("name")))
    return out


# ------------------------------------------------------------------ project files

ENTRY = """// Written by cmpi-port: the entry point of the standalone port.
//   dotnet run --project {folder} -- -n 4 [--transport inproc|tcp|azure] [cmpi-run's options] [program args]
// runs {cls} as an N-rank CloudMpi job (CloudMpi.Run.PortLauncher), as `cmpi-run -n 4 {cls}.cs` does.
public static class CmpiPortEntry
{{
    public static int Main(string[] args) =>
        CloudMpi.Run.PortLauncher.Run(args, typeof(CmpiPortEntry).Assembly, {cls}.Main);
}}
"""

CSPROJ = """<Project Sdk="Microsoft.NET.Sdk">
  <!-- Written by cmpi-port from {sources}. -->
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <AssemblyName>{cls}</AssemblyName>
    <RootNamespace>{cls}</RootNamespace>
    <StartupObject>CmpiPortEntry</StartupObject>
    <Nullable>disable</Nullable>
    <ImplicitUsings>disable</ImplicitUsings>
    <LangVersion>latest</LangVersion>
    <InvariantGlobalization>true</InvariantGlobalization>
    <!-- optimized as cmpi-run compiles ports, Debug or Release -->
    <Optimize>true</Optimize>
    <SatelliteResourceLanguages>en</SatelliteResourceLanguages>
    <!-- cmpi-run's runtime settings (its CloudMpi.Run.csproj): no tiered compilation, so the ranks never run tier-0
         code and nothing is compiled again inside a timed section (DOTNET_TieredCompilation=1 turns it back on);
         tcp ranks with a core each and azure ranks still get tiering from the launcher, as under cmpi-run -->
    <TieredCompilation>false</TieredCompilation>
    <TieredPGO>false</TieredPGO>
    <!-- C idioms C# warns about (as in the translated file's #pragma) -->
    <NoWarn>$(NoWarn);CS1718;CS0168;CS0219;CS0162;CS0675;CS0164;CS0414;CS8981</NoWarn>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="CloudMpi.Run" Version="{version}" />
  </ItemGroup>
</Project>
"""

NUGET_CONFIG = """<?xml version="1.0" encoding="utf-8"?>
<!-- Written by cmpi-port: the CloudMpi runtime's packages come from the local feed `make setup` packs. -->
<configuration>
  <packageSources>
    <clear />
    <add key="cmpi-local" value="{feed}" />
  </packageSources>
</configuration>
"""


def runtime_version() -> str:
    props = os.path.join(REPO_ROOT, "runtime-ref", "CloudMpi", "Directory.Build.props")
    try:
        with open(props, encoding="utf-8") as f:
            m = re.search(r"<Version>([^<]+)</Version>", f.read())
        if m:
            return m.group(1).strip()
    except OSError:
        pass
    return os.environ.get("CMPI_RUNTIME_VERSION", "0.1.0")


def nuget_feed() -> str:
    return os.environ.get("CMPI_NUGET_FEED") or os.path.join(REPO_ROOT, "build", "nuget")


def write_project(out_dir: str, folder: str, cls: str, sources: List[str]) -> None:
    with open(os.path.join(out_dir, "CmpiPortEntry.cs"), "w", encoding="utf-8") as f:
        f.write(ENTRY.format(folder=folder, cls=cls))
    names = ", ".join(os.path.basename(s) for s in sources)
    with open(os.path.join(out_dir, cls + ".csproj"), "w", encoding="utf-8") as f:
        f.write(CSPROJ.format(cls=cls, version=runtime_version(), sources=names.replace("--", "-")))


def solution_text(projects: List[tuple]) -> str:
    """A Visual Studio solution (the format `dotnet new sln --format sln` writes) listing (folder, cls) projects."""
    cs_type = "{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}"
    lines = ["", "Microsoft Visual Studio Solution File, Format Version 12.00", "# Visual Studio Version 17",
             "VisualStudioVersion = 17.0.31903.59", "MinimumVisualStudioVersion = 10.0.40219.1"]
    guids = []
    for folder, cls in projects:
        g = "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, "cmpi-port:" + folder)).upper() + "}"
        guids.append(g)
        lines += [f'Project("{cs_type}") = "{cls}", "{folder}\\{cls}.csproj", "{g}"', "EndProject"]
    lines += ["Global", "\tGlobalSection(SolutionConfigurationPlatforms) = preSolution",
              "\t\tDebug|Any CPU = Debug|Any CPU", "\t\tRelease|Any CPU = Release|Any CPU", "\tEndGlobalSection",
              "\tGlobalSection(ProjectConfigurationPlatforms) = postSolution"]
    for g in guids:
        for c in ("Debug", "Release"):
            lines += [f"\t\t{g}.{c}|Any CPU.ActiveCfg = {c}|Any CPU", f"\t\t{g}.{c}|Any CPU.Build.0 = {c}|Any CPU"]
    lines += ["\tEndGlobalSection", "\tGlobalSection(SolutionProperties) = preSolution",
              "\t\tHideSolutionNode = FALSE", "\tEndGlobalSection", "EndGlobal", ""]
    return "\r\n".join(lines)
