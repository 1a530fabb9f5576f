#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016  # kept as it ran on the device
# Call E: the README's test command timed (quick selection, new softmax shapes); the softmax
# matrices of steps 17-20 at every block; step 20 beside v1 (no launch bound on cluster kernels)
# and o20 (7a9443d: before the 3-vector rule) at the 3-vector widths; ncu at bf16 24576.
cd "$(dirname "$0")/.." || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
exec > >(tee "$OUT/e.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + .device variants; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
nproc
start=$SECONDS
scripts/test.sh >"$OUT/test.log" 2>&1
echo "README test command (scripts/test.sh) exit $? after $((SECONDS - start)) s"
grep -E "tests passed|tests failed|^test:|\(Failed\)|Not Run|FAILED|Total Test time" "$OUT/test.log" | head -20
mkdir -p .device/bin
pids=()
for v in v1 o20; do
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/$v -DVARIANT_NAME="\"$v\"" \
    -DVARIANT_TECHNIQUE='"scratch"' -Xptxas -v -o .device/bin/$v \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
t0=$SECONDS
(cd build && ctest -R '^step(17|18|19|20)_[a-z_]*\.matrix$' --parallel 8 >"$OUT/matrix.log" 2>&1; echo "matrix ctest rc $?" >>"$OUT/matrix.log")
echo "softmax matrices in $((SECONDS - t0)) s"; grep -E "tests passed|Failed|rc " "$OUT/matrix.log"
for p in "${pids[@]}"; do wait "$p" || echo "a variant build failed (pid $p)"; done
echo "variants built at $((SECONDS - start)) s"
for v in v1 o20; do
  for s in "bf16 24577 3" "bf16 20001 5" "half 24576 3" "bf16 12289 7" "bf16 98305 2"; do
    set -- $s
    for b in 128 256 512 1024; do
      .device/bin/$v --verify-only --type "$1" --cols "$2" --rows "$3" --block $b >/dev/null 2>"$OUT/verify.err" ||
        echo "VERIFY FAILED: $v $s block $b: $(head -c 300 "$OUT/verify.err")"
    done
  done
done
E=$((2 ** 27))
csv=$OUT/e.csv
build/step20_softmax_mailbox --csv-header >"$csv"
run() {  # PROGRAM TYPE COLS
  "$1" --csv --type "$2" --cols "$3" --rows $((E / $3)) --block 256 >>"$csv" || echo "FAILED: $1 $2 $3 (exit $?)"
}
for round in 1 2; do
  for c in 24576 20000 16385 12288 11008 40000 49152 98304; do
    for p in build/step20_softmax_mailbox .device/bin/v1 .device/bin/o20; do run $p bf16 $c; done
  done
  for p in build/step20_softmax_mailbox .device/bin/v1 .device/bin/o20; do run $p half 24576; done
  echo "round $round at $((SECONDS - start)) s"
  [ $((SECONDS - start)) -gt 420 ] && break
done
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
if [ $((SECONDS - start)) -lt 520 ]; then
  for p in build/step20_softmax_mailbox .device/bin/v1 .device/bin/o20; do
    n=$(basename $p)
    timeout 30 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis \
      --metrics l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum \
      -k regex:softmax -c 1 $p --verify-only --type bf16 --cols 24576 --rows 2730 --block 256 >"$OUT/ncu_${n}_bf16_24576.txt" 2>&1
    echo "# $n"; grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit Reg|local_op|Cluster" "$OUT/ncu_${n}_bf16_24576.txt" | head -14
  done
fi
echo "done at $((SECONDS - start)) s"
