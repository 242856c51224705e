#!/usr/bin/env bash
# run.sh of a kamp bundle (experiments/bundle.sh copies this file in): on a GPU node, which may
# have no compiler or package manager, runs the bundle's experiments or one of its scripts and
# packs everything they wrote into one results archive for `./kamp unbundle` on the build machine.
set -euo pipefail
shopt -s inherit_errexit

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# bundle_name, bundle_git_hash, bundle_backend, bundle_run_args: fixed when the bundle was made.
# shellcheck source=/dev/null
source "$here/bundle.env"
: "${bundle_name:?}" "${bundle_git_hash:?}" "${bundle_backend:?}"

usage() {
  cat <<TXT
usage: ./run.sh [--machine MACHINE] [--out DIR] [--minutes M] [-- KAMP_RUN_ARG...]
       ./run.sh [--machine MACHINE] [--out DIR] [--minutes M] --script SCRIPT [ARG...]

Runs bin/kamp_run once per experiment, so that a failing one loses none of the others, with the
arguments after -- or else those this bundle was made with:
  kamp_run ${bundle_run_args[*]:-(none: every experiment at the defaults)}
Packs MACHINE/ (E<n>.csv and .md, machine.txt, run.log, and status.txt with each run's exit
status) into DIR/kamp-results-MACHINE-${bundle_git_hash}.tgz: copy that file to the build machine
and run ./kamp unbundle FILE there.

  --machine MACHINE  the results folder (default: \$KAMP_MACHINE, else the GPU's model as kamp_run
                     names it, h100 for "NVIDIA H100 80GB HBM3"; cpu-<threads>t for OpenMP)
  --out DIR          where the archive goes (default: \$OUT, else the current folder)
  --minutes M        stop each experiment, or the script, after M minutes (exit status 124)
  --script SCRIPT    run scripts/SCRIPT with the ARGs instead, bin/ first on PATH and OUT set to
                     MACHINE/ (where the scripts write); the archive's name ends in -SCRIPT.
                     scripts/ has: $(cd "$here/scripts" && echo *)
                     Paths in ARGs are relative to the current folder; from the bundle's folder:
                     ./run.sh --script e11_solves.sh kamp_solve 1709028 1 2 4

The multi-rank scripts start their ranks with the node's own Open MPI (its mpirun on PATH, its
libmpi on the loader's path: load its module). The bundle carries no MPI library, since an mpirun
can only launch ranks linked with its own libmpi. The CUDA toolkit's libraries come from the
node's CUDA module too, unless the bundle was made with --cuda-libraries; MANIFEST lists what
comes from the node.
TXT
}

die() { echo "run.sh: $*" >&2; exit 1; }

# The name kamp_run gives a GPU (harness::machine_name_of_gpu): the first word after the vendor's
# that has a digit, else the last word, lower case, other characters as '-'.
machine_of_gpu() {
  local words word pick
  read -ra words <<< "$1"
  [ ${#words[@]} -gt 0 ] || { echo gpu; return; }
  pick=${words[-1]}
  for word in "${words[@]:1}"; do
    if [[ $word == *[0-9]* ]]; then pick=$word; break; fi
  done
  pick=${pick,,}
  echo "${pick//[^a-z0-9]/-}"
}

machine=${KAMP_MACHINE:-} dest=${OUT:-$PWD} minutes="" script="" args=("${bundle_run_args[@]}")
while [ $# -gt 0 ]; do
  case "$1" in
    --machine) machine=${2:?--machine needs a name}; shift ;;
    --out) dest=${2:?--out needs a folder}; shift ;;
    --minutes) minutes=${2:?--minutes needs a number}; shift ;;
    --script) script=${2:?--script needs a script of scripts/}; shift 2; args=("$@"); break ;;
    --) shift; args=("$@"); break ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1' (./run.sh --help lists them)" ;;
  esac
  shift
done
limit=()
if [ -n "$minutes" ]; then
  if ! [[ $minutes =~ ^[0-9]*\.?[0-9]+$ ]] || ! awk -v m="$minutes" 'BEGIN { exit !(m > 0) }'; then
    die "--minutes needs a positive number, got '$minutes'"
  fi
  limit=(timeout --kill-after=60 "${minutes}m")
fi
if [ -n "$script" ] && [ ! -f "$here/scripts/$script" ]; then
  die "--script: no '$script' in scripts/ (it has: $(cd "$here/scripts" && echo *))"
fi
options=() ids=()
if [ -z "$script" ]; then
  for a in "${args[@]}"; do
    [ "$a" != --out ] || die "kamp_run's --out is run.sh's to set; ./run.sh --out DIR names where the archive goes"
    if [[ $a =~ ^E[0-9]+$ ]]; then ids+=("$a"); else options+=("$a"); fi
  done
fi

if [ -z "$machine" ]; then
  if [ "$bundle_backend" = cuda ]; then
    command -v nvidia-smi >/dev/null ||
      die "no nvidia-smi here, so no GPU to name the results by: run on a GPU node, or pass --machine NAME"
    gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>&1) || die "nvidia-smi cannot query the GPU: $gpu"
    machine=$(machine_of_gpu "$(sed -n 1p <<< "$gpu")")
  else
    machine=cpu-${OMP_NUM_THREADS:-$(nproc)}t
  fi
fi
[[ $machine =~ ^[A-Za-z0-9._-]+$ && $machine != . && $machine != .. ]] ||
  die "--machine (or KAMP_MACHINE) must be a folder name (letters, digits, '.', '_', '-'), got '$machine'"

# Libraries neither the bundle nor the node provides: name them, and where each should come from.
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
missing=$(for b in "$here"/bin/*; do { ldd "$b" 2>/dev/null || true; } | sed -n 's/^[[:space:]]*\(.*\) => not found$/\1/p'; done | sort -u)
if [ -n "$missing" ]; then
  for soname in $missing; do
    case "$soname" in
      libmpi*|libopen-*|libpmix*) echo "run.sh: $soname: the node's Open MPI (load its module)" >&2 ;;
      libcuda.so*|libnvidia-*) echo "run.sh: $soname: the NVIDIA driver (run on a GPU node)" >&2 ;;
      libcu*|libnvJitLink*|libnvrtc*|libnvToolsExt*)
        echo "run.sh: $soname: the CUDA toolkit of the build (load its module), or make the bundle with ./kamp bundle --cuda-libraries" >&2 ;;
      *) echo "run.sh: $soname: not in lib/ (MANIFEST lists what the bundle carries)" >&2 ;;
    esac
  done
  die "the binaries in bin/ need the libraries above"
fi

if [ -z "$script" ] && [ ${#ids[@]} -eq 0 ]; then
  listing=$("$here/bin/kamp_run" --list 2>&1) || die "bin/kamp_run --list failed: $listing"
  mapfile -t ids < <(awk '{ print $1 }' <<< "$listing")
fi
mkdir -p "$dest" || die "--out: cannot make the folder '$dest'"
dest=$(cd "$dest" && pwd)
tag=kamp-results-$machine-$bundle_git_hash${script:+-${script%.sh}}
archive=$dest/$tag.tgz work=$dest/$tag
if [ -e "$archive" ] || [ -e "$work" ]; then
  die "$archive or $work already exists: move it away, or pass --out DIR"
fi
results=$work/$machine
mkdir -p "$results"
log=$results/run.log
export KAMP_GIT_HASH=$bundle_git_hash KAMP_MACHINE=$machine
# A fresh tuning cache, so that no launch configuration comes from another machine or build; the
# binding that every committed run used (Kokkos' OpenMP backend warns without it).
export KAMP_TUNING_FILE=$work/tuning.json
export OMP_PROC_BIND=${OMP_PROC_BIND:-spread} OMP_PLACES=${OMP_PLACES:-threads}

{
  echo "bundle: $bundle_name ($bundle_backend, git $bundle_git_hash)"
  echo "host: $(uname -n), $(nproc) cores, $(uname -sr)"
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv || true
  fi
  if command -v mpirun >/dev/null; then mpirun --version 2>&1 | sed -n 1p || true; fi
} > "$results/machine.txt" 2>&1

failed=0
# usage: run_one LABEL COMMAND...: runs it under the time limit, its output on the terminal and in
# run.log, and its exit status in status.txt.
run_one() {
  local label=$1 start=$SECONDS status note=""
  shift
  echo "== $label: $*" >> "$log"
  set +e
  "${limit[@]}" "$@" 2>&1 | tee -a "$log"
  status=${PIPESTATUS[0]}
  set -e
  [ "$status" = 124 ] && [ -n "$minutes" ] && note=" (stopped after $minutes minutes)"
  echo "$label: exit $status in $((SECONDS - start)) s$note" | tee -a "$results/status.txt"
  [ "$status" = 0 ] || failed=1
}

if [ -n "$script" ]; then
  run_one "$script ${args[*]}" env PATH="$here/bin:$PATH" OUT="$results" bash "$here/scripts/$script" "${args[@]}"
else
  for id in "${ids[@]}"; do
    run_one "$id" "$here/bin/kamp_run" "${options[@]}" --out "$work" "$id"
  done
fi

# A script that runs kamp_run --out "$OUT" gets its E<n>.* one folder down, since kamp_run adds the
# machine's folder itself: they go up into the folder the archive holds (profile_e2.sh's E2.*).
if [ -d "$results/$machine" ]; then
  cp -R "$results/$machine/." "$results/"
  rm -r "${results:?}/$machine"
fi
tar -czf "$archive" -C "$work" "$machine"
echo "run.sh: $(grep -c ': exit 0 ' "$results/status.txt" || true) of $(wc -l < "$results/status.txt") runs passed;" \
     "copy $archive to the build machine and run ./kamp unbundle $tag.tgz there"
exit "$failed"
