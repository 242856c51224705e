#!/usr/bin/env bash
# The elementary functions' long random sweeps on a GPU node: kamp_elementary_tests with
# KAMP_LONG_TESTS=1 (10^6 arguments per function and format against MPFR; 10^5 for pow's integer
# exponents), split into one gtest shard a core so that the MPFR references run side by side. The
# Cuda instantiations check the device's bits against the host's over the same arguments.
#   usage (on a GPU node): experiments/device/elementary_sweeps.sh BIN_DIR [SHARDS] [SECONDS]
# Writes OUT/elementary_sweeps/shard-<i>.log and OUT/elementary_sweeps.txt (each shard's exit
# status and gtest summary; 124: stopped after SECONDS, default 480).
set -uo pipefail
bin=${1:?usage: elementary_sweeps.sh BIN_DIR [SHARDS] [SECONDS]}
shards=${2:-$(nproc)}
seconds=${3:-480}
out=${OUT:?OUT must name the output folder}
mkdir -p "$out/elementary_sweeps"
export OMP_NUM_THREADS=1 OMP_PROC_BIND=false KAMP_LONG_TESTS=1
pids=()
for ((i = 0; i < shards; ++i)); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i timeout "$seconds" "$bin/kamp_elementary_tests" --gtest_brief=1 \
    > "$out/elementary_sweeps/shard-$i.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}"
  rc=$?
  [ "$rc" = 0 ] || status=1
  echo "shard $i of $shards: exit $rc; $(grep -hE '^\[  (PASSED|FAILED)  \]|^\[==========\] .* ran' "$out/elementary_sweeps/shard-$i.log" | tr '\n' ' ')"
done > "$out/elementary_sweeps.txt"
cat "$out/elementary_sweeps.txt"
exit $status
