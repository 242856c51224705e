#!/usr/bin/env bash
# Builds and installs Kokkos 3.4.01 from Debian's trilinos 13.2 source package,
# patched for CUDA 13 and Hopper (cmake/kokkos-3.4.01-cuda13-hopper.patch).
# Usage: bootstrap_kokkos.sh openmp|cuda   -> prints the install prefix on its last line.
# The install goes to ~/.cache/kamp/kokkos-<version>-<backend>-<patch hash> and is reused.
set -euo pipefail
shopt -s inherit_errexit

backend=${1:?usage: bootstrap_kokkos.sh openmp|cuda}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
patch_file=$here/kokkos-3.4.01-cuda13-hopper.patch
cache=${KAMP_CACHE:-$HOME/.cache/kamp}
version=3.4.01
patch_hash=$(sha256sum "$patch_file" | cut -c1-12)
prefix=$cache/kokkos-$version-$backend-$patch_hash
jobs=${KAMP_JOBS:-$(nproc)}

say() { echo "kamp: $*" >&2; }
die() { echo "kamp: error: $*" >&2; exit 1; }

# Runs a noisy step with its output in $cache/logs/LOG: one line on the terminal, and the
# log's tail and path only when the step fails. usage: quietly LOG "what it does" COMMAND...
quietly() {
  local log=$cache/logs/$1 what=$2; shift 2
  mkdir -p "$cache/logs"
  say "$what..."
  if ! "$@" > "$log" 2>&1; then
    tail -n 30 "$log" | sed 's/^/  | /' >&2
    say "$what failed; the full log is $log"
    return 1
  fi
}

if [ -f "$prefix/.complete" ]; then echo "$prefix"; exit 0; fi

# One bootstrap per prefix at a time; a second caller waits and then reuses the result.
mkdir -p "$cache"
exec 9> "$cache/.bootstrap-$backend.lock"
flock 9
if [ -f "$prefix/.complete" ]; then echo "$prefix"; exit 0; fi

case "$backend" in openmp|cuda) ;; *) die "backend must be openmp or cuda, got '$backend'";; esac

# The source deb-src entry mirrors the machine's own bookworm main deb entries,
# so no package-registry host is named in this repository.
ensure_deb_src() {
  local codename list=/etc/apt/sources.list.d/kamp-deb-src.sources
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  [ -n "$codename" ] || die "cannot read VERSION_CODENAME from /etc/os-release"
  if apt-get indextargets --format '$(CREATED_BY) $(CODENAME)' 2>/dev/null | grep -q "^Sources $codename\$"; then return; fi
  [ "$(id -u)" = 0 ] || die "no deb-src entry for $codename: add one (Types: deb-src) or run as root"
  say "deriving a deb-src entry for $codename main from the configured apt sources..."
  python3 - "$codename" "$list" <<'PY'
import glob, re, sys
codename, out = sys.argv[1], sys.argv[2]
stanzas = []
for path in sorted(glob.glob('/etc/apt/sources.list.d/*.sources')):
    if path == out: continue
    for block in re.split(r'\n\s*\n', open(path).read()):
        fields = {}
        for line in block.splitlines():
            if line.startswith('#') or ':' not in line: continue
            key, value = line.split(':', 1)
            fields[key.strip()] = value.strip()
        if 'deb' in fields.get('Types', '').split() and codename in fields.get('Suites', '').split() \
                and 'main' in fields.get('Components', '').split() and fields.get('Enabled', 'yes') != 'no':
            s = f"Types: deb-src\nURIs: {fields['URIs']}\nSuites: {codename}\nComponents: main\n"
            if 'Signed-By' in fields: s += f"Signed-By: {fields['Signed-By']}\n"
            stanzas.append(s)
for path in ['/etc/apt/sources.list'] + sorted(glob.glob('/etc/apt/sources.list.d/*.list')):
    try: lines = open(path).read().splitlines()
    except OSError: continue
    for line in lines:
        m = re.match(r'^deb\s+(\[[^\]]*\]\s+)?(\S+)\s+(\S+)\s+(.*)$', line.strip())
        if m and m.group(3) == codename and 'main' in m.group(4).split():
            key = re.search(r'signed-by=([^\] ]+)', m.group(1) or '')
            stanzas.append(f"Types: deb-src\nURIs: {m.group(2)}\nSuites: {codename}\nComponents: main\n"
                           + (f"Signed-By: {key.group(1)}\n" if key else ''))
if not stanzas: sys.exit('no enabled deb entry for %s main to derive a deb-src entry from' % codename)
open(out, 'w').write('\n'.join(stanzas))
PY
  [ -s "$list" ] || die "could not derive a deb-src entry"
  quietly apt-get-update-src.log "updating the apt package lists" apt-get update \
    || die "apt-get update failed: check the network and $list"
}

fetch_kokkos_source() {
  local src=$cache/src/kokkos-$version
  if [ -f "$src/CMakeLists.txt" ]; then echo "$src"; return; fi
  mkdir -p "$cache/src"
  local dl=$cache/src/trilinos
  if ! ls "$dl"/trilinos_13.2*.orig.tar.* >/dev/null 2>&1; then
    ensure_deb_src
    command -v dpkg-source >/dev/null || die "dpkg-dev is missing: apt-get install dpkg-dev"
    mkdir -p "$dl"
    quietly apt-get-source.log "fetching Kokkos source (Debian's trilinos 13.2 source package, about 166 MB, once)" \
      bash -c 'cd "$1" && apt-get source --download-only trilinos' _ "$dl" \
      || die "apt-get source trilinos failed: check the network, or set Kokkos_ROOT to an installed Kokkos >= 3.4"
  fi
  local tarball
  tarball=$(ls "$dl"/trilinos_13.2*.orig.tar.* | head -1)
  say "extracting packages/kokkos from $(basename "$tarball")..."
  local tmp; tmp=$(mktemp -d "$cache/src/extract.XXXX")
  tar -xf "$tarball" -C "$tmp" --wildcards '*/packages/kokkos/*'
  local root; root=$(find "$tmp" -maxdepth 3 -type d -path '*/packages/kokkos' | head -1)
  [ -n "$root" ] || die "packages/kokkos not found in $tarball"
  grep -q 'Kokkos_VERSION_MINOR 4' "$root/CMakeLists.txt" || die "unexpected Kokkos version in $tarball"
  rm -rf "$src"; mv "$root" "$src"; rm -rf "$tmp"
  echo "$src"
}

src=$(fetch_kokkos_source)
work=$(mktemp -d "$cache/kokkos-build.XXXX")
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/src"
(cd "$work/src" && patch -p1 --quiet < "$patch_file") || die "the Kokkos patch does not apply to $src"

args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix"
      -DCMAKE_CXX_STANDARD=17 -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON
      -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF)
if [ "$backend" = cuda ]; then
  nvcc=${CUDACXX:-/usr/local/cuda/bin/nvcc}
  [ -x "$nvcc" ] || command -v nvcc >/dev/null || die "the cuda backend needs the CUDA toolkit (nvcc at /usr/local/cuda/bin)"
  export PATH=$(dirname "$nvcc"):$PATH
  args+=(-DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ARCH_HOPPER90=ON
         -DCMAKE_CXX_COMPILER="$work/src/bin/nvcc_wrapper")
fi
quietly kokkos-$backend-configure.log "configuring Kokkos $version ($backend) for $prefix" \
  cmake -S "$work/src" -B "$work/build" "${args[@]}" || die "Kokkos configure failed"
quietly kokkos-$backend-build.log "building Kokkos $version ($backend) with $jobs jobs (a minute or five)" \
  cmake --build "$work/build" -j "$jobs" || die "Kokkos build failed"
quietly kokkos-$backend-install.log "installing Kokkos to $prefix" \
  cmake --install "$work/build" || die "Kokkos install failed"
touch "$prefix/.complete"
echo "$prefix"
