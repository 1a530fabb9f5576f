#!/usr/bin/env bash
# shellcheck disable=SC2034,SC2086  # kept as it ran on the device
# Groups of 4 lanes for aligned rows of <= 4 vectors (steps 19 and 20): the README's test command,
# steps 19 and 20 against their previous versions (.device/old19, old20: harness, every output
# checked, ABAB), a wrong version (4 lanes for unaligned rows too) that the check must reject,
# Nsight Compute's load instructions, then compute-sanitizer on steps 19 and 20.
cd "$(dirname "$0")/.." || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
exec > >(tee "$OUT/proof2.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
for v in old19 old20 v20_lanes4_wrong; do
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/$v -DVARIANT_NAME="\"$v\"" \
    -DVARIANT_TECHNIQUE="\"scratch\"" -o .device/bin/$v \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
scripts/test.sh >"$OUT/test.log" 2>&1
echo "test.sh exit $? after $((SECONDS - start)) s"
grep -E "tests passed|tests failed|^test:|\(Failed\)|Not Run|FAILED" "$OUT/test.log" | head -20
for p in "${pids[@]}"; do wait "$p" || echo "a scratch build failed (pid $p)"; done
echo "scratch built at $((SECONDS - start)) s"
E=$((2 ** 27))
csv=$OUT/groups_of_4.csv
build/step20_softmax_mailbox --csv-header >"$csv"
for shape in "bf16 32" "half 32" "bf16 24" "bf16 16" "float 16" "bf16 64" "float 32"; do
  set -- $shape
  for round in 1 2; do
    for p in .device/bin/old19 build/step19_softmax_one_exponential .device/bin/old20 build/step20_softmax_mailbox; do
      "$p" --csv --type "$1" --cols "$2" --rows $((E / $2)) --block 256 >>"$csv" || echo "FAILED: $p $shape"
    done
  done
done
echo "timed at $((SECONDS - start)) s"
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
echo "## the wrong version (groups of 4 lanes for unaligned rows too) under the harness's check"
for shape in "bf16 31 4097" "half 25 1025" "bf16 9 33" "float 13 1025" "float 15 33" "bf16 32 4097" "float 16 1025"; do
  set -- $shape
  for b in 32 256; do
    .device/bin/v20_lanes4_wrong --verify-only --type "$1" --cols "$2" --rows "$3" --block $b >"$OUT/wrong.out" 2>&1
    echo "wrong $shape block $b: exit $? $(grep -m1 -iE 'error|mismatch|wrong|FAIL|verified' "$OUT/wrong.out" | cut -c1-150)"
  done
done
echo "## ncu, bf16 32 columns, 2^26 elements, block 256: load instructions and bytes"
M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_global_ld.sum,smsp__inst_executed_op_global_st.sum,l1tex__t_bytes_pipe_lsu_mem_global_op_ld.sum,smsp__inst_executed.sum,launch__registers_per_thread
for p in .device/bin/old20 build/step20_softmax_mailbox; do
  echo "# $p"
  timeout 120 ncu --metrics $M -k regex:softmax -c 1 --csv "$p" --verify-only --type bf16 --cols 32 --rows $((2 ** 21)) --block 256 2>&1 | grep -E '^"' | awk -F'","' '{print $(NF-2), $(NF-1), $NF}'
done
echo "ncu at $((SECONDS - start)) s"
left=$((590 - SECONDS))
cmake -S . -B build -DREDUCTION_SANITIZER_TESTS=ON >"$OUT/configure_sanitizer.log" 2>&1 || echo "configure failed"
(cd build && timeout "$left" ctest -R 'sanitizer\.step(19|20)_' --parallel 8 >"$OUT/sanitizer.log" 2>&1; echo "sanitizer ctest rc $? at $((SECONDS - start)) s" >>"$OUT/sanitizer.log")
tail -14 "$OUT/sanitizer.log"
echo "done at $((SECONDS - start)) s"
