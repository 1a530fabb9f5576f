#!/usr/bin/env bash
# Step 13 with 1, 2 and 4 ranks, in parts (README.md): scaling.csv, combine_lines.txt, and
# scripts/plot.sh's table and chart.
#   experiments/step13_scaling/run.sh [OUT] [weak strong combine net, default all four]
source "$(dirname "$0")/../driver.sh"
source "$root/scripts/mpi_one_host.sh"  # mpirun where there is no ssh or rsh
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
need step13_multi_gpu
[ $# -ge 2 ] || set -- "$out" weak strong combine net
for part in "${@:2}"; do
    [[ $part =~ ^(weak|strong|combine|net)$ ]] ||
        { echo "step13_scaling: no part '$part' (weak, strong, combine, net)" >&2; exit 2; }
done
gpus=$(nvidia-smi -L | grep -c '^GPU')
{ nvidia-smi --query-gpu=index,name,serial,driver_version,clocks.max.sm --format=csv
  nvidia-smi topo -m
  env | grep '^NCCL_' || echo "no NCCL variables set"
  date -u; } >"$out/platform.txt"
rows() {  # KIND "RANKS" ARGUMENTS...: a row of the part's CSV per count of ranks there are GPUs for
    local ranks line
    for ranks in $2; do
        [ "$ranks" -le "$gpus" ] || continue
        echo "[$1, $ranks ranks: ${*:3}]" >>"$out/combine_lines.txt"
        line=$(timeout 300 mpirun -np "$ranks" step13_multi_gpu --csv "${@:3}" \
            2>>"$out/combine_lines.txt") &&
            echo "${line##*$'\n'},$ranks,$1" >>"$out/parts/$part.csv" ||
            echo "step13_scaling: failed: ${*:3}" >&2
    done
}
mkdir -p "$out/parts"
for part in "${@:2}"; do
    : >"$out/parts/$part.csv"
    case $part in
    weak)  # 2^e on each GPU: 2^(e + log2 k) in all, and log2 k = k / 2 for k = 1, 2, 4
        for e in 24 26 28 30 31; do
            for k in 1 2 4; do rows weak $k --n "2^$((e + k / 2))"; done
        done ;;
    strong) for e in 20 22 24 26 28 30 32 33; do rows strong "1 2 4" --n "2^$e"; done ;;
    combine)
        for e in 17 24 31; do for c in nccl-allreduce nccl-reduce mpi-allreduce; do
            rows "combine $c" "1 2 4" --n "2^$e" --combine $c
        done; done ;;
    net)  # NCCL's socket transport forced (in a subshell, which keeps the variables), and its log
        (export NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1
         for e in 24 31; do rows "net transport" "2 4" --n "2^$e"; done
         NCCL_DEBUG=INFO timeout 300 mpirun -np "$gpus" step13_multi_gpu --n 2^21 --verify-only \
             >"$out/net_transport_debug.txt" 2>&1 ||
             echo "step13_scaling: see net_transport_debug.txt" >&2) ;;
    esac
done
{ step13_multi_gpu --csv-header | sed 's/$/,ranks,kind/'
  cat "$out"/parts/*.csv; } >"$out/scaling.csv"
"$root/scripts/plot.sh" "$out" ||
    echo "step13_scaling: scripts/plot.sh said why it drew no chart" >&2
