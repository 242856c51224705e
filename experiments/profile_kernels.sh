#!/usr/bin/env bash
# ./kamp profile: the kernels of each experiment, named by the library's own kernel labels,
# beside the ceilings of the same run; on a GPU (ncu) also what Nsight Compute measures of them.
#   usage: experiments/profile_kernels.sh cpu|ncu KAMP_RUN OUT_DIR SIZE KERNELS_REGEX ID...
# Writes OUT_DIR/<machine>/profile/: E0.csv (copy bandwidth and FP64 peak, measured first),
# <id>_kernels.csv (each label's time and share, kamp_run --profile without ncu: ncu's replays
# would distort them), with ncu <id>_ncu.csv (ncu's records), then report/kernel_profile.py's
# <id>_profile.md, .csv and, with ncu, _roofline.png. ncu profiles one launch of each launch
# configuration (kernel, grid, block): the sizes an experiment sweeps are each profiled once,
# its repetitions are not.
set -euo pipefail
usage="usage: profile_kernels.sh cpu|ncu KAMP_RUN OUT_DIR SIZE KERNELS_REGEX ID..."
mode=${1:?$usage}
run=${2:?$usage}
out=${3:?$usage}
size=${4:?$usage}
kernels=${5?$usage}
shift 5
case "$mode" in cpu|ncu) ;; *) echo "profile: the mode must be cpu or ncu, got '$mode'" >&2; exit 1 ;; esac
[ $# -gt 0 ] || { echo "profile: name at least one experiment" >&2; exit 1; }
if [ "$mode" = ncu ]; then
  command -v ncu >/dev/null || { echo "profile: ncu (Nsight Compute) is not on PATH" >&2; exit 1; }
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python=${KAMP_PYTHON:-$(command -v python3)}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$run" --size quick --no-host --out "$scratch/ceilings" E0 >/dev/null
machine=$(basename "$(dirname "$(find "$scratch/ceilings" -name E0.csv | head -n 1)")")
dest=$out/$machine/profile
mkdir -p "$dest"
cp "$scratch/ceilings/$machine/E0.csv" "$dest/E0.csv"

if [ "$mode" = ncu ]; then
  # What each column of the table needs. The launch attributes and the occupancy limit are not in
  # `ncu --query-metrics`' list but ncu collects them all the same; each other metric is kept only
  # if this ncu lists it (Hopper's names; a column without its metric shows "-").
  always=(gpu__time_duration.sum sm__maximum_warps_per_active_cycle_pct
    launch__occupancy_limit_registers launch__occupancy_limit_shared_mem launch__occupancy_limit_blocks
    launch__occupancy_limit_warps launch__registers_per_thread)
  listed=(sm__warps_active.avg.pct_of_peak_sustained_active
    dram__bytes.sum dram__bytes.sum.per_second lts__t_sector_hit_rate.pct
    sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active
    sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active
    sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active
    sm__pipe_tensor_op_imma_cycles_active.avg.pct_of_peak_sustained_active
    sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
    sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active
    smsp__sass_average_branch_targets_threads_uniform.pct
    smsp__sass_thread_inst_executed_op_dfma_pred_on.sum smsp__sass_thread_inst_executed_op_dadd_pred_on.sum
    smsp__sass_thread_inst_executed_op_dmul_pred_on.sum
    smsp__sass_inst_executed_op_local_ld.sum smsp__sass_inst_executed_op_local_st.sum)
  # The list into a file first: `ncu ... | grep -q` would end ncu early, and with pipefail the test
  # would fail although the text is there.
  ncu --query-metrics > "$scratch/known.txt" 2>&1 || true
  metrics=("${always[@]}")
  for m in "${listed[@]}"; do
    if grep -q "^${m%%.*}[[:space:]]" "$scratch/known.txt"; then metrics+=("$m"); else echo "profile: this ncu has no ${m%%.*}" >&2; fi
  done
  metric_list=$(IFS=,; echo "${metrics[*]}")
fi

for id in "$@"; do
  echo "profile: $id: kernel times" >&2
  "$run" --profile --size "$size" --out "$scratch/times" "$id" >/dev/null
  cp "$scratch/times/$machine/${id}_kernels.csv" "$dest/"
  records=()
  if [ "$mode" = ncu ]; then
    echo "profile: $id: Nsight Compute" >&2
    # --nvtx: each record carries kamp_run --profile's NVTX range, the kernel's label.
    ncu --clock-control none --nvtx --csv --print-units base --metrics "$metric_list" \
      --filter-mode per-launch-config --launch-count 1 --log-file "$dest/${id}_ncu.csv" \
      "$run" --profile --size "$size" --out "$scratch/ncu" "$id" >/dev/null
    records=(--ncu "$dest/${id}_ncu.csv")
  fi
  "$python" "$root/report/kernel_profile.py" --experiment "$id" --times "$dest/${id}_kernels.csv" "${records[@]}" \
    --ceilings "$dest/E0.csv" --kernels "$kernels" --out "$dest" --command "./kamp profile $id --size $size"
done
