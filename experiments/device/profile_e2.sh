#!/usr/bin/env bash
# E2 on a GPU: Nsight Compute metrics of the GEMV kernels (Isupov and Knyazkov, Table 4), then the
# E2 table from them. ncu profiles every kernel of one E2 workload run per data class (p/4-bit,
# the paper's, and full) with the clocks left as they are (--clock-control none: a shared GPU
# node's clocks are not ours to lock); the last run measures the copy bandwidth and writes
# E2.csv/.md under OUT_DIR/<machine>.
#   usage: experiments/device/profile_e2.sh KAMP_RUN [OUT_DIR]     (default OUT_DIR: $OUT)
set -euo pipefail
run=${1:?usage: profile_e2.sh KAMP_RUN [OUT_DIR]}
out=${2:-${OUT:?usage: profile_e2.sh KAMP_RUN [OUT_DIR], or OUT set}}
command -v ncu >/dev/null || { echo "profile_e2: ncu (Nsight Compute) is not on PATH" >&2; exit 1; }
metrics=sm__warps_active.avg.pct_of_peak_sustained_active,sm__maximum_warps_per_active_cycle_pct
metrics+=,smsp__sass_average_branch_targets_threads_uniform.pct,dram__bytes.sum.per_second,gpu__time_duration.sum
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for data in p4 full; do
  name=$data
  [ "$data" = p4 ] && name=p/4-bit
  ncu --clock-control none --csv --print-units base --metrics "$metrics" \
    --log-file "$out/E2_ncu_$data.csv" "$run" --size paper --data "$name" --out "$scratch" E2 >/dev/null
done
KAMP_E2_NCU_DIR="$out" "$run" --size paper --out "$out" E2
