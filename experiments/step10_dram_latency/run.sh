#!/usr/bin/env bash
# The latency of one DRAM load, through 256 MiB, 1 GiB and 4 GiB (dram_latency.csv). About 10 s.
source "$(dirname "$0")/../driver.sh"
need dram_latency
dram_latency >"$out/dram_latency.csv"
