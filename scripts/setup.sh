#!/usr/bin/env bash
# Installs what cmpi needs and is missing; quick and quiet when all is there.
#   Debian packages (python3-clang with its libclang, jinja2, pytest, venv, Open MPI,
#   matplotlib for make bench-comm's plots, csmith for make csmith, PyYAML for docs/ci.md's test),
#   the project's virtualenv with cmpi-translate, and the .NET build of the runtime
#   with its cmpi-run wrapper.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PACKAGES=(python3-clang-14 libclang1-14 libclang-14-dev python3-jinja2 python3-pytest python3-venv python3-setuptools
          python3-pip openmpi-bin libopenmpi-dev gcc make python3-matplotlib csmith libcsmith-dev
          chromium python3-jsonschema python3-yaml)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v dotnet >/dev/null; then
  echo "setup: error: the .NET SDK (dotnet) is not on PATH; install the .NET 10 SDK" >&2
  exit 1
fi

# The virtualenv sees Debian's clang, jinja2 and pytest (this machine reaches no Python index).
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import clang.cindex, jinja2, pytest" 2>/dev/null; then
  echo "setup: creating .venv"
  rm -rf .venv
  /usr/bin/python3 -m venv --system-site-packages .venv
fi
# Editable in setuptools' compat mode: the checkout's path in a .pth file. The default mode installs a finder module
# that every Python start in the venv imports (with pathlib and importlib.util): 17 ms of CPU per start, 0.041 s
# against 0.024 for `python -c pass` (issue 28: start-up, which each cmpi-translate pays). A venv with the finder
# is installed again, and so is one made for another checkout (a moved or copied checkout, or a venv shared by a
# worktree): its .pth and its scripts' first line name the other path, so cmpi-translate would run that one's code.
editable_here() {
  [ "$(head -n 1 .venv/bin/cmpi-translate 2>/dev/null)" = "#!$PWD/.venv/bin/python" ] &&
    cat .venv/lib/python3*/site-packages/__editable__.cmpi-*.pth 2>/dev/null | grep -qxF "$PWD"
}
# A .venv that is a symbolic link is another checkout's, lent: left as it is.
if [ -L .venv ]; then
  echo "setup: note: .venv is a link to another checkout's; its cmpi package stays installed from $(readlink -f .venv)/.." >&2
elif [ ! -x .venv/bin/cmpi-translate ] || [ pyproject.toml -nt .venv/bin/cmpi-translate ] || ! editable_here || \
   compgen -G ".venv/lib/python3*/site-packages/__editable___cmpi_*_finder.py" >/dev/null; then
  .venv/bin/python -m pip install --quiet --no-index --no-build-isolation --no-deps -e . \
    --config-settings editable_mode=compat >/dev/null
  touch .venv/bin/cmpi-translate
fi
# The translator's bytecode (__pycache__), written here because Python may never write it: with PYTHONDONTWRITEBYTECODE
# set (this host's environment, and many CI images'), every cmpi-translate compiled the translator's 19k lines again
# before its first line of C, 0.15 s of the 0.42 s of CPU a small translation took (ci10, round 10: 0.27 s with it);
# make test starts hundreds. compileall rewrites only the files changed since (by their mtime), a fraction of a second.
.venv/bin/python -m compileall -q translator scripts bench >/dev/null ||
  echo "setup: note: a Python file did not compile to bytecode (python -m compileall translator scripts bench)" >&2

# The reader's native walker (translator/reader/native/cmpi_ast.c, issue 28): reads a function's whole syntax tree in
# one libclang call. Built against the libclang clang.cindex loads (reader/clang_setup.py's candidates); without it
# the translator still works, asking clang.cindex node by node (several times slower), so a failed build is an error
# here, where it can be fixed, not a silent slowdown.
NATIVE=build/native/libcmpi_ast.so
if [ ! -f "$NATIVE" ] || [ translator/reader/native/cmpi_ast.c -nt "$NATIVE" ]; then
  LLVM=""
  for d in /usr/lib/llvm-16 /usr/lib/llvm-14; do
    [ -e "$d/lib/libclang.so.1" ] && { LLVM=$d; break; }
  done
  echo "setup: building the reader's native walker ($NATIVE)"
  mkdir -p build/native
  gcc -O2 -shared -fPIC -Wall -Werror -I"$LLVM/include" -o "$NATIVE.tmp" translator/reader/native/cmpi_ast.c \
    "$LLVM/lib/libclang.so.1" -Wl,-rpath,"$LLVM/lib" || {
    echo "setup: error: could not build $NATIVE (gcc and libclang's headers, libclang-14-dev, are needed)" >&2; exit 1; }
  mv "$NATIVE.tmp" "$NATIVE"
fi

# cmpi-run.dll and the C# compiler it loads precompiled (ReadyToRun) in place, by crossgen2 itself: most of the
# methods a job's start-up runs are the launcher's own (command line, cache, hosting), JIT-compiled on every run
# otherwise (cached run of pi.c at 2 ranks: 0.20 s of CPU against 0.235). `dotnet publish -p:PublishReadyToRun=true`
# does not work for it: its RID-specific build reports CS8012 on the SDK's Roslyn assemblies (an error under
# TreatWarningsAsErrors). crossgen2 comes from the package the library publishes above restored
# (microsoft.netcore.app.crossgen2.<rid>); it compiles against the shared framework dotnet runs and the assemblies
# beside cmpi-run.dll.
# Roslyn (the SDK's copies beside cmpi-run.dll) is compiled again, with the generic instantiations that cross its
# version bubble: ImmutableArray<T>, List<T>, Dictionary<K,V> over Roslyn's types and Roslyn's ArrayBuilder<T> over
# framework value types, which the SDK's own images cannot hold, so a fresh port's first compile JIT-compiled ~3,160
# methods (issue 28 "First run"; ~1,400 after this). --non-local-generics-module '*' lets an image hold those
# instantiations, --opt-cross-module '*' lets it compile the framework's code into them; the runtime checks that code
# against the framework it runs on (the IL bodies are fingerprinted in the image) and JIT-compiles any method whose
# framework code changed, so a framework update costs speed, never correctness. Adds ~90 s of CPU to a setup that
# builds the runtime. Any failure keeps the previous image of that assembly (slower start, same behaviour).
PRECOMPILE_STEP="v3: cmpi-run; Roslyn with non-local generics, cross-module"
precompile_launcher() {
  local rid=$1 packages="${NUGET_PACKAGES:-$HOME/.nuget/packages}" crossgen framework
  crossgen=$(ls -d "$packages/microsoft.netcore.app.crossgen2.$rid"/*/tools/crossgen2 2>/dev/null | sort -V | tail -1)
  # "Microsoft.NETCore.App 10.0.12 [/usr/share/dotnet/shared/Microsoft.NETCore.App]": the newest, which dotnet runs
  framework=$(dotnet --list-runtimes | sed -n 's/^Microsoft.NETCore.App \([^ ]*\) \[\(.*\)\]$/\2\/\1\//p' | sort -V | tail -1)
  if [ -z "$crossgen" ] || [ -z "$framework" ]; then
    echo "setup: note: cmpi-run.dll and Roslyn keep their images (no crossgen2 package or shared framework found)" >&2
    return 0
  fi
  local arch=${rid##*-} os=${rid%%-*} dll cross
  mkdir -p build/r2r
  for dll in cmpi-run Microsoft.CodeAnalysis Microsoft.CodeAnalysis.CSharp; do
    # cmpi-run.dll without them: a cached run (no Roslyn) measured 0.01-0.04 s more CPU with them (pi.c, 3 runs)
    cross=()
    [ "$dll" = cmpi-run ] || cross=(--non-local-generics-module '*' --opt-cross-module '*')
    if "$crossgen" "build/runtime/$dll.dll" -o "build/r2r/$dll.dll" --targetos "$os" --targetarch "$arch" -O \
         -r "$framework*.dll" -r 'build/runtime/*.dll' "${cross[@]}" >>build/runtime-build.log 2>&1; then
      cp "build/r2r/$dll.dll" "build/runtime/$dll.dll"
    else
      echo "setup: note: $dll.dll keeps its previous image (crossgen2 failed: see build/runtime-build.log)" >&2
    fi
  done
  echo "$PRECOMPILE_STEP" > build/runtime/.precompiled
}

# The runtime: rebuilt when a source file is newer than the last build.
STAMP=build/runtime/.stamp
if [ ! -f "$STAMP" ] || [ -n "$(find runtime-ref/CloudMpi/src runtime-ref/CloudMpi/Directory.Build.props -newer "$STAMP" -type f \( -name '*.cs' -o -name '*.csproj' -o -name '*.props' \) -print -quit)" ]; then
  echo "setup: building the CloudMpi runtime"
  mkdir -p build
  rm -f build/runtime/.precompiled   # the build puts the IL cmpi-run.dll and the SDK's Roslyn back
  export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
  dotnet build runtime-ref/CloudMpi/src/CloudMpi.Run -c Release -o build/runtime -nologo -v quiet \
    -clp:ErrorsOnly >build/runtime-build.log 2>&1 || { cat build/runtime-build.log >&2; exit 1; }
  # The two libraries every port calls, precompiled (ReadyToRun): a job then JIT-compiles only the port and
  # the runtime's AggressiveOptimization paths, not the ~800 start-up, formatting and hosting methods it used
  # to (0.05 s of CPU a job, a tenth of a short NPB class W run). Needs the crossgen2 package from NuGet;
  # without it the IL build stays and everything works, only starting slower.
  rid=$(dotnet --info 2>/dev/null | sed -n 's/^ *RID: *//p' | head -1)
  rm -rf build/r2r
  precompiled=$([ -n "$rid" ] && echo yes || echo no)
  # With the framework's generic code over the runtime's own types in the images too (List<Block>, Linq over a
  # datatype's blocks, Nullable<CollectiveStamp>: the flags Roslyn gets below): cmpi-run runs without tiered
  # compilation (CloudMpi.Run.csproj), so every method without ReadyToRun code is compiled optimized at its first
  # call, often on a rank thread; a cached pi.c job compiled 206 methods, 170 with these (round 19).
  for lib in CloudMpi.Libc CloudMpi; do
    [ "$precompiled" = yes ] || break
    dotnet publish "runtime-ref/CloudMpi/src/$lib" -c Release -r "$rid" --self-contained false \
      -p:PublishReadyToRun=true '-p:PublishReadyToRunCrossgen2ExtraArgs=--non-local-generics-module:*%3B--opt-cross-module:*' \
      -o build/r2r -nologo -v quiet -clp:ErrorsOnly >>build/runtime-build.log 2>&1 \
      || precompiled=no
  done
  if [ "$precompiled" = yes ]; then
    cp build/r2r/CloudMpi.Libc.dll build/r2r/CloudMpi.dll build/runtime/
    # and the Azure SDK the azure transport calls (its first requests of a job otherwise run in slow, just-compiled code)
    for f in build/r2r/Azure.*.dll build/r2r/System.ClientModel.dll build/r2r/Microsoft.Identity*.dll; do
      [ -f "build/runtime/${f##*/}" ] && cp "$f" build/runtime/
    done
    precompile_launcher "$rid"
  else
    echo "setup: note: no ReadyToRun build of the runtime (see build/runtime-build.log); using the IL build" >&2
  fi
  touch "$STAMP"
fi
# A build from before the current precompile step (an up-to-date runtime, so no rebuild above) gets it now.
if [ -f build/runtime/cmpi-run.dll ] && [ "$(cat build/runtime/.precompiled 2>/dev/null)" != "$PRECOMPILE_STEP" ]; then
  rid=$(dotnet --info 2>/dev/null | sed -n 's/^ *RID: *//p' | head -1)
  if [ -n "$rid" ]; then
    echo "setup: precompiling cmpi-run and Roslyn (ReadyToRun, ~90 s of CPU)"
    precompile_launcher "$rid"
  fi
fi

# The runtime as NuGet packages in a local feed (build/nuget): a project cmpi-port writes references CloudMpi.Run,
# which brings CloudMpi and CloudMpi.Libc. NuGet keeps a package of a given version in its global folder
# (~/.nuget/packages) for good, so the copies of an older pack of the same version are dropped there.
VERSION=$(sed -n 's:.*<Version>\(.*\)</Version>.*:\1:p' runtime-ref/CloudMpi/Directory.Build.props | head -1)
if [ ! -f "build/nuget/CloudMpi.Run.$VERSION.nupkg" ] || [ "$STAMP" -nt "build/nuget/CloudMpi.Run.$VERSION.nupkg" ]; then
  echo "setup: packing the CloudMpi runtime $VERSION into build/nuget"
  rm -rf build/nuget build/runtime-pack.log
  for proj in CloudMpi.Libc CloudMpi CloudMpi.Run; do
    dotnet pack "runtime-ref/CloudMpi/src/$proj" -c Release -o build/nuget -nologo -v quiet -clp:ErrorsOnly \
      >>build/runtime-pack.log 2>&1 || { cat build/runtime-pack.log >&2; exit 1; }
  done
  for p in cloudmpi cloudmpi.libc cloudmpi.run; do rm -rf "${NUGET_PACKAGES:-$HOME/.nuget/packages}/$p/$VERSION"; done
  # The packages the runtime depends on (the Azure SDK and what it brings), from the global folder the build restored
  # them into, so that the feed alone restores a port (its nuget.config lists only build/nuget).
  /usr/bin/python3 - "${NUGET_PACKAGES:-$HOME/.nuget/packages}" <<'PY'
import json, os, shutil, sys
assets = json.load(open("runtime-ref/CloudMpi/src/CloudMpi.Run/obj/project.assets.json"))
for name, lib in assets["libraries"].items():
    if lib.get("type") != "package":
        continue
    pid, ver = name.split("/")
    nupkg = os.path.join(sys.argv[1], lib["path"], f"{pid.lower()}.{ver.lower()}.nupkg")
    if os.path.exists(nupkg):
        shutil.copy(nupkg, "build/nuget")
PY
  # A port's runtime as the ReadyToRun images cmpi-run loads (build/r2r, above), not the IL `dotnet pack` put in: a
  # port runs without tiered compilation (translator/port/translate.py's csproj, as cmpi-run), so every runtime method
  # without ReadyToRun code is compiled optimized at its first call; NPB CG W at 2 ranks compiled 471 methods, 282 with
  # these (bench/README.md, round 20). An image runs anywhere (its native code only used on this platform, and only
  # while the framework's inlined code is unchanged).
  /usr/bin/python3 - "$VERSION" <<'PY'
import os, sys, zipfile
for name in ("CloudMpi", "CloudMpi.Libc"):
    image = os.path.join("build", "r2r", name + ".dll")
    nupkg = os.path.join("build", "nuget", f"{name}.{sys.argv[1]}.nupkg")
    if not (os.path.exists(image) and os.path.exists(nupkg)):
        continue
    entry = f"lib/net10.0/{name}.dll"
    with zipfile.ZipFile(nupkg) as old:
        items = [(i, old.read(i.filename)) for i in old.infolist()]
    if entry not in {i.filename for i, _ in items}:
        continue
    with open(image, "rb") as f:
        native = f.read()
    tmp = nupkg + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in items:
            new.writestr(info, native if info.filename == entry else data)
    os.replace(tmp, nupkg)
PY
fi

# (a lent .venv, a link to another checkout's, keeps its own wrapper: this one would point that checkout's at ours)
if [ ! -L .venv ]; then
  cat > .venv/bin/cmpi-run <<WRAP
#!/bin/sh
exec dotnet "$ROOT/build/runtime/cmpi-run.dll" "\$@"
WRAP
  chmod +x .venv/bin/cmpi-run
fi

# Azurite (the Azure Storage emulator) for the azure transport's tests, from npm into build/azurite.
# Pinned: 3.36 and later need Node 21+, and the machines have Debian's Node 18 or 20.
AZURITE_VERSION=3.35.0
if ! command -v npm >/dev/null; then
  echo "setup: installing Debian packages: nodejs npm"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
fi
if [ "$(node -p "require('./build/azurite/node_modules/azurite/package.json').version" 2>/dev/null)" != "$AZURITE_VERSION" ]; then
  echo "setup: installing azurite $AZURITE_VERSION into build/azurite"
  mkdir -p build/azurite
  npm install --prefix build/azurite --no-audit --no-fund --silent --no-save "azurite@$AZURITE_VERSION" \
    >build/azurite-install.log 2>&1 || { cat build/azurite-install.log >&2; exit 1; }
fi
