#!/usr/bin/env bash
# CUB, step 12, step 11 and CUB's order with a second launch, three rounds at 2^24 (a CSV), and
# Nsight Compute's counters of step 11 and the copy (second_launch_ncu/).
source "$(dirname "$0")/../driver.sh"
four="cub_reference step12_single_pass step11_vector_loads cub_order_two_launches"
csv step12_vs_cub_second_launch.csv "$four $four $four" "int float double" --n 2^24
metrics=gpu__time_duration.sum,launch__grid_size,launch__registers_per_thread
metrics+=,launch__occupancy_limit_registers,sm__warps_active.avg.pct_of_peak_sustained_active
metrics+=,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum
metrics+=,smsp__inst_executed.sum,launch__waves_per_multiprocessor
mkdir -p "$out/second_launch_ncu"
for program in step11_vector_loads cub_order_two_launches; do
    for type in float int; do
        counters "$out/second_launch_ncu/ncu_${program}_$type.csv" --metrics $metrics \
            $program --n 2^24 --type $type --verify-only
    done
done
