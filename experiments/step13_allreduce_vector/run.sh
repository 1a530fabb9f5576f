#!/usr/bin/env bash
# ncclAllReduce of 2^10 ... 2^28 floats over every GPU here, two at least
# (step13_allreduce_vector.csv).
source "$(dirname "$0")/../driver.sh"
need allreduce_vector
allreduce_vector >"$out/step13_allreduce_vector.csv"
