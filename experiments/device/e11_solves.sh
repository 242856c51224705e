#!/usr/bin/env bash
# E11's solves to a tolerance and its strong scaling: kamp_solve on the VPBi-CGSTAB paper's problem class
# (the generated curl-curl problem with >= 1,709,028 unknowns) for every outer format, on 1 rank
# and on as many ranks as there are GPUs (one GPU each), the convergence history of each solve
# and one CSV row per solve (the kamp_solve_result line) under $OUT/e11_solves/.
#   usage: experiments/device/e11_solves.sh KAMP_SOLVE [UNKNOWNS] [RANKS...]
# Each rank gets cores/ranks cores and as many OpenMP threads, or KAMP_E11_THREADS_PER_RANK
# threads (GPU runs: the same host threads per rank on every rank count). KAMP_E11_HALO
# (host_staged or device_peers) sets kamp_solve's --halo; unset, kamp_solve takes the fastest.
set -uo pipefail
solve=${1:?usage: e11_solves.sh KAMP_SOLVE [UNKNOWNS] [RANKS...]}
unknowns=${2:-1709028}
shift $(( $# >= 2 ? 2 : 1 ))
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(1)
out=${OUT:?OUT must name the folder that comes back}/e11_solves
mkdir -p "$out"
csv=$out/e11_solves.csv
echo "ranks,format,solver,tolerance,unknowns,nnz,status,iterations,recurrence_residual,true_residual,setup_s,solve_s,solver_setup_s,ms_per_iteration,communication_s,comm_pct,halo,git,date" > "$csv"
halo=()
[ -z "${KAMP_E11_HALO:-}" ] || halo=(--halo "$KAMP_E11_HALO")
# Each rank gets its own share of the cores: with every rank free to use all of them, OpenMP's
# binding puts every rank's master thread on core 0, and a rank busy-waiting in MPI then starves
# the other of the core it needs to launch kernels (measured: 97 % of the time in communication).
# Open MPI's shared-memory transport copies a large message once with cross-memory attach (cma);
# through its shared segments instead, a 2-rank dd solve spent 39-55 % of its time in MPI against
# 20 % (H200 x2, 2026-11-28).
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-cma}
mpi=(--allow-run-as-root --bind-to core -x OMPI_MCA_btl_vader_single_copy_mechanism)
# variant: format solver tolerance max_iterations
variants=(
  "double bicgstab 1e-12 3000"
  "double vpbicgstab 1e-12 3000"
  "dd bicgstab 1e-12 3000"
  "dd vpbicgstab 1e-12 3000"
  "dd vpbicgstab 1e-20 3000"
  "qd vpbicgstab 1e-12 3000"
  "rns212 vpbicgstab 1e-12 ${KAMP_E11_RNS_ITERATIONS:-400}"
)
status=0
for r in "${ranks[@]}"; do
  for v in "${variants[@]}"; do
    read -r format solver tolerance iterations <<< "$v"
    tag=${format}_${solver}_${tolerance}_${r}ranks${KAMP_E11_HALO:+_$KAMP_E11_HALO}
    OMP_NUM_THREADS=${KAMP_E11_THREADS_PER_RANK:-$(( $(nproc) / r ))} timeout 900 mpirun -np "$r" --map-by "slot:PE=$(( $(nproc) / r ))" "${mpi[@]}" "$solve" --generate "$unknowns" \
      --format "$format" --solver "$solver" --tolerance "$tolerance" --max-iterations "$iterations" \
      --true-residual-every 25 "${halo[@]}" --history "$out/history_$tag.csv" > "$out/$tag.log" 2>&1 || status=1
    line=$(sed -n 's/^kamp_solve_result: //p' "$out/$tag.log")
    [ -n "$line" ] || { echo "no result for $tag"; tail -n 5 "$out/$tag.log"; continue; }
    declare -A f=()
    for kv in $line; do f[${kv%%=*}]=${kv#*=}; done
    pct=$(awk -v c="${f[communication_s]}" -v s="${f[solve_s]}" 'BEGIN { printf "%.2f", (s > 0 ? 100 * c / s : 0) }')
    echo "$r,$format,$solver,$tolerance,${f[unknowns]},${f[nnz]},${f[status]},${f[iterations]},${f[recurrence_residual]},${f[true_residual]},${f[setup_s]},${f[solve_s]},${f[solver_setup_s]},${f[ms_per_iteration]},${f[communication_s]},$pct,${f[halo]},${KAMP_GIT_HASH:-unknown},$(date -u +%F)" >> "$csv"
    echo "$tag: ${f[status]} ${f[iterations]} it, ${f[ms_per_iteration]} ms/it, comm $pct %, halo ${f[halo]}"
    unset f
  done
done
exit $status
