#!/usr/bin/env bash
# ./kamp bundle's packing step: built binaries -> one relocatable archive that a GPU node with the
# NVIDIA driver but no compiler or package manager unpacks and runs (./run.sh, from
# experiments/bundle_run.sh). Many clusters build on a login node and run on such nodes.
#   usage: experiments/bundle.sh --out FILE.tgz --backend openmp|cuda --git HASH [--kokkos TEXT]
#            [--command TEXT] [--cuda-libraries] BINARY... [-- KAMP_RUN_ARG...]
# The archive holds one folder named like FILE: bin/ (the binaries, stripped), lib/ (the shared
# libraries they load that a node may lack), scripts/ (experiments/device/*.sh), run.sh,
# bundle.env (the git hash, backend and kamp_run arguments run.sh runs with) and MANIFEST (how it
# was made and the sha256 of every file). The last line of the output is FILE.
set -euo pipefail
shopt -s inherit_errexit

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
die() { echo "bundle: $*" >&2; exit 1; }

out="" backend="" git="" kokkos="unknown" command="" cuda_libraries=0 binaries=() run_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=${2:?--out needs a file name ending in .tgz}; shift ;;
    --backend) backend=${2:?--backend needs openmp or cuda}; shift ;;
    --git) git=${2:?--git needs a commit hash}; shift ;;
    --kokkos) kokkos=${2:?--kokkos needs a text}; shift ;;
    --command) command=${2:?--command needs a text}; shift ;;
    --cuda-libraries) cuda_libraries=1 ;;
    --) shift; run_args=("$@"); break ;;
    -*) die "unknown option '$1'" ;;
    *) binaries+=("$1") ;;
  esac
  shift
done
case "$backend" in openmp|cuda) ;; *) die "--backend must be openmp or cuda, got '$backend'" ;; esac
[[ "$out" == *.tgz ]] || die "--out must name a .tgz file, got '$out'"
[ -n "$git" ] || die "--git is required (the commit the binaries were built from)"
[ ${#binaries[@]} -gt 0 ] || die "name at least one binary"
for b in "${binaries[@]}"; do
  if [ ! -f "$b" ] || [ ! -x "$b" ]; then die "binary '$b' does not exist or is not executable"; fi
done

# Libraries the node supplies, by soname; prints why, or nothing for a library the bundle carries.
# The C runtime and loader: they must be the node's own (its glibc; glibc runs binaries
# built against an older one, so build on the oldest distribution the nodes run). The NVIDIA
# driver: libcuda must match the node's kernel module. Open MPI: an mpirun launches ranks through
# its own libmpi, libopen-rte and libopen-pal, and a libmpi of another build beside it fails or
# hangs at MPI_Init, so the multi-rank scripts use the node's Open MPI. The CUDA toolkit's
# libraries (cuBLAS, cuBLASLt, cuSPARSE, cuSOLVER, nvJitLink: about 1 GB) come from the node's
# CUDA module unless --cuda-libraries asks for them.
node_library() {
  case "$1" in
    linux-vdso.so*|ld-linux*|libc.so*|libm.so*|libmvec.so*|libpthread.so*|libdl.so*|librt.so*|libutil.so*|libresolv.so*|libanl.so*|libnsl.so*)
      echo "the C runtime" ;;
    libcuda.so*|libnvidia-*) echo "the NVIDIA driver" ;;
    libmpi*|libopen-rte*|libopen-pal*|libpmix*) echo "Open MPI" ;;
    libcublas*|libcusparse*|libcusolver*|libcufft*|libcurand*|libcudart*|libnvJitLink*|libnvrtc*|libcupti*|libnvToolsExt*)
      [ "$cuda_libraries" = 1 ] || echo "the CUDA toolkit" ;;
  esac
}

needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'; }

name=$(basename "$out" .tgz)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir=$stage/$name
mkdir -p "$dir/bin" "$dir/lib" "$dir/scripts"

# Where each soname resolves on this machine (ldd: the binaries' whole closure).
declare -A path_of=()
for b in "${binaries[@]}"; do
  listing=$(ldd "$b" 2>&1) || die "ldd $b failed: $listing"
  missing=$(grep "=> not found" <<< "$listing" || true)
  [ -z "$missing" ] || die "$b needs libraries this machine lacks: $(tr -s '\n\t' '  ' <<< "$missing")"
  while read -r soname path; do path_of[$soname]=$path; done < <(
    sed -n 's/^[[:space:]]*\([^[:space:]]*\) => \(.*\) (0x[0-9a-f]*)$/\1 \2/p' <<< "$listing")
done

# The libraries to carry: the binaries' NEEDED entries and theirs, not descending into a library
# the node supplies (libmpi's hwloc and libevent must be the ones that node's libmpi was built with).
declare -A carried=() from_node=()
queue=()
for b in "${binaries[@]}"; do mapfile -t -O "${#queue[@]}" queue < <(needed "$b"); done
while [ ${#queue[@]} -gt 0 ]; do
  soname=${queue[0]}
  queue=("${queue[@]:1}")
  if [ -n "${carried[$soname]:-}" ] || [ -n "${from_node[$soname]:-}" ]; then continue; fi
  why=$(node_library "$soname")
  if [ -n "$why" ]; then from_node[$soname]=$why; continue; fi
  path=${path_of[$soname]:-}
  [ -n "$path" ] || die "ldd did not resolve $soname, which a bundled file needs"
  carried[$soname]=$path
  cp -L "$path" "$dir/lib/$soname"
  mapfile -t -O "${#queue[@]}" queue < <(needed "$path")
done

for b in "${binaries[@]}"; do
  cp "$b" "$dir/bin/"
  strip "$dir/bin/$(basename "$b")"
done
cp "$root"/experiments/device/*.sh "$dir/scripts/"
cp "$root/experiments/bundle_run.sh" "$dir/run.sh"
chmod +x "$dir/run.sh" "$dir"/scripts/*.sh

{
  echo "# Written by experiments/bundle.sh: the context run.sh runs in."
  printf 'bundle_name=%q\nbundle_git_hash=%q\nbundle_backend=%q\n' "$name" "$git" "$backend"
  printf 'bundle_run_args=('; printf '%q ' "${run_args[@]}"; printf ')\n'
} > "$dir/bundle.env"

changes=$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | wc -l)
{
  echo "kamp bundle $name"
  echo "git: $git ($([ "$changes" = 0 ] && echo "working tree clean" || echo "$changes files changed since that commit"))"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "backend: $backend"
  echo "kokkos: $kokkos"
  echo "command: ${command:-experiments/bundle.sh}"
  echo "kamp_run arguments: ${run_args[*]:-none (every experiment at the defaults of kamp_run)}"
  echo "built on: $(uname -srm), $(ldd --version | sed -n 1p)"
  echo "from the node:"
  for soname in $(printf '%s\n' "${!from_node[@]}" | sort); do echo "  $soname (${from_node[$soname]})"; done
  echo "files (sha256sum -c MANIFEST checks them):"
  (cd "$dir" && find . -type f ! -name MANIFEST | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum)
} > "$dir/MANIFEST"

mkdir -p "$(dirname "$out")"
tar -czf "$out" -C "$stage" "$name"
mib() { du -sk "$@" | awk '{ s += $1 } END { printf "%.1f MiB", s / 1024 }'; }
echo "bundle: $(basename "$out"): $(mib "$out") packed (bin/ $(mib "$dir/bin"), lib/ $(mib "$dir/lib") unpacked;" \
     "${#carried[@]} libraries carried, ${#from_node[@]} from the node)" >&2
echo "$out"
