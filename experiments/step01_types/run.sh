#!/usr/bin/env bash
# The serial loop at 2^28 for three types on this machine's CPU (step01_types.csv).
source "$(dirname "$0")/../driver.sh"
csv step01_types.csv step01_cpu_serial "int float double" --n 2^28 --iters 5 --warmup 1
