#!/usr/bin/env bash
# Step 12 against CUB, exercise 3: at 2^24, int, float and double, three rounds of CUB, step
# 12, step 11 and CUB's order with a second launch (step 11 in five waves) in turn, with the
# harness (step12_vs_cub_second_launch.csv); then Nsight Compute's counters of step 11 and
# the copy, float and int, every launch of one --verify-only run (second_launch_ncu/).
#   experiments/step12_cub_second_launch/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
{ "$(bin cub_reference)" --csv-header
  for type in int float double; do
      for _ in 1 2 3; do
          for program in cub_reference step12_single_pass step11_vector_loads \
              cub_order_two_launches; do
              "$(bin $program)" --csv --n 2^24 --type $type
          done
      done
  done
} >"$out/step12_vs_cub_second_launch.csv"
metrics=gpu__time_duration.sum,launch__grid_size,launch__registers_per_thread
metrics+=,launch__occupancy_limit_registers,sm__warps_active.avg.pct_of_peak_sustained_active
metrics+=,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum
metrics+=,smsp__inst_executed.sum,launch__waves_per_multiprocessor
mkdir -p "$out/second_launch_ncu"
for program in step11_vector_loads cub_order_two_launches; do
    for type in float int; do
        ncu --csv --clock-control none --metrics $metrics "$(bin $program)" --n 2^24 --type $type \
            --verify-only | grep '^"' >"$out/second_launch_ncu/ncu_${program}_$type.csv"
    done
done
