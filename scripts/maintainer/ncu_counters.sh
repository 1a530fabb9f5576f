#!/usr/bin/env bash
# For maintainers: Nsight Compute counters that prove each step's point, one small text file per program:
# branch uniformity and warp efficiency (divergence, 03 -> 04), shared-memory bank
# conflicts (04 -> 05), instructions and DRAM throughput (06 -> 08 and beyond).
# Profiles the kernels of one verification run at n = 2^24 floats, block 256.
#   scripts/maintainer/ncu_counters.sh OUTDIR
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-build}
out=${1:?usage: scripts/maintainer/ncu_counters.sh OUTDIR}
mkdir -p "$out"
metrics=smsp__sass_average_branch_targets_threads_uniform.pct,smsp__thread_inst_executed_per_inst_executed.ratio
metrics=$metrics,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics=$metrics,smsp__inst_executed.sum,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
metrics=$metrics,gpu__time_duration.sum
for program in $(cat "$build/gpu_programs.txt"); do  # written by CMake
    {
        echo "# ncu --metrics <below> $program --n 2^24 --block 256 --type float --verify-only"
        echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader), $(ncu --version | tail -1)"
        ncu --clock-control none --kernel-name regex:'reduceKernel|DeviceReduce' --metrics "$metrics" \
            "$build/$program" --n 2^24 --block 256 --type float --verify-only 2>&1 |
            grep -v -e '^==PROF==' -e '^  *---' -e 'Section: Command line profiler metrics' -e '^ *Metric Name'
    } >"$out/$program.txt"
    echo "$program: $(grep -c 'reduceKernel\|DeviceReduce' "$out/$program.txt") kernel launches profiled"
done
