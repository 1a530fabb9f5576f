#!/usr/bin/env bash
# The latency of one DRAM load: one thread follows a chain of dependent loads through 256 MiB,
# 1 GiB and 4 GiB (dram_latency.csv), for the bytes-in-flight arithmetic of step 10. About 10 s.
#   experiments/step10_dram_latency/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
"$(bin dram_latency)" >"$out/dram_latency.csv"
