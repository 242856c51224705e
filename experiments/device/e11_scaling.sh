#!/usr/bin/env bash
# E11's outer iteration on 1, 2, ... GPUs at a fixed iteration count: kamp_solve's VPBi-CGSTAB on
# the VPBi-CGSTAB paper's problem class (the generated curl-curl problem, >= 1,709,028 unknowns) for each outer
# format and rank count, to a tolerance of 1e-30 that no run reaches, so every run does the same
# work (exit status 2, by design). One GPU per rank; --profile's kernel table in each run's log.
# experiments/results/h100x4/e11_scaling/ came from this loop (then a script kept outside the repository).
#   usage: experiments/device/e11_scaling.sh KAMP_SOLVE [RANKS...]      (default ranks: 1 2 4)
# Writes $OUT/e11_scaling/: e11_scaling.csv (each run's kamp_solve_result line), logs/<format>_<r>ranks.log
# and logs/run.txt (date, GPUs, commit, cores, each run's exit status). KAMP_E11_ITERATIONS (30)
# and KAMP_E11_RNS_ITERATIONS (5) set the iteration counts; every rank gets the cores over the
# largest rank count, the same on every rank count, as OpenMP threads.
set -uo pipefail
solve=${1:?usage: e11_scaling.sh KAMP_SOLVE [RANKS...]}
shift
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4)
out=${OUT:?OUT must name the folder that comes back}/e11_scaling
mkdir -p "$out/logs"
largest=$(printf '%s\n' "${ranks[@]}" | sort -n | tail -n 1)
per_rank=$(( $(nproc) / largest ))
[ "$per_rank" -ge 1 ] || per_rank=1
csv=$out/e11_scaling.csv
echo "ranks,format,iterations,ms_per_iteration,communication_s,solve_s,status,git" > "$csv"
{ date; nvidia-smi -L; echo "${KAMP_GIT_HASH:-unknown}"; nproc; } > "$out/logs/run.txt" 2>&1
status=0
for r in "${ranks[@]}"; do
  for format in double dd qd rns212; do
    iterations=${KAMP_E11_ITERATIONS:-30}
    [ "$format" = rns212 ] && iterations=${KAMP_E11_RNS_ITERATIONS:-5}
    log=$out/logs/${format}_${r}ranks.log
    start=$SECONDS
    OMP_NUM_THREADS=$per_rank mpirun -np "$r" --map-by "slot:PE=$per_rank" --bind-to core --allow-run-as-root \
      "$solve" --generate 1709028 --format "$format" --solver vpbicgstab --max-iterations "$iterations" \
      --tolerance 1e-30 --profile > "$log" 2>&1
    code=$?
    echo "$format $r ranks: exit $code in $((SECONDS - start)) s" >> "$out/logs/run.txt"
    # 2 is the expected "not converged"; anything else is a failed run.
    [ "$code" = 2 ] || status=1
    line=$(sed -n 's/^kamp_solve_result: //p' "$log")
    [ -n "$line" ] || { echo "no result for $format on $r ranks"; tail -n 5 "$log"; status=1; continue; }
    declare -A f=()
    for kv in $line; do f[${kv%%=*}]=${kv#*=}; done
    echo "$r,$format,${f[iterations]},${f[ms_per_iteration]},${f[communication_s]},${f[solve_s]},${f[status]},${KAMP_GIT_HASH:-unknown}" >> "$csv"
    echo "$format on $r ranks: ${f[ms_per_iteration]} ms an iteration, ${f[communication_s]} s of ${f[solve_s]} s in communication"
    unset f
  done
done
exit $status
