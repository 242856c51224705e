#!/usr/bin/env bash
# E3 before and after a change, in one job on a GPU node: runs `kamp_run --size paper E3` from two
# builds one after the other on the same GPU and keeps both result folders under $OUT.
#   usage (on a GPU node): experiments/device/compare_e3.sh BEFORE_KAMP_RUN AFTER_KAMP_RUN
set -uo pipefail
before=${1:?usage: compare_e3.sh BEFORE_KAMP_RUN AFTER_KAMP_RUN}
after=${2:?usage: compare_e3.sh BEFORE_KAMP_RUN AFTER_KAMP_RUN}
out=${OUT:?OUT must name the folder that comes back}
export OMP_PROC_BIND=spread OMP_PLACES=threads KAMP_MACHINE=${KAMP_MACHINE:-h200}
status=0
for which in before after; do
  bin=$before
  [ "$which" = after ] && bin=$after
  mkdir -p "$out/$which"
  # Each build tunes into its own cache, so neither reads the other's entries.
  KAMP_TUNING_FILE="$out/$which/tuning.json" "$bin" --size paper --out "$out/$which" E3 \
    > "$out/$which/E3.log" 2>&1 || status=1
  tail -n 2 "$out/$which/E3.log"
done
exit $status
