#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016
# Kept as it ran, from .device/ (a git-ignored folder at the repository root) on the device machine.
# Scratch call: clusters of 512-thread blocks for rows past the caller's block of 256 (v20_c512f:
# floats only; v20_c512all: every type) beside step 20, through the harness (every output
# checked); the occupancy API's clusters in flight for both launches (cluster_probe); Nsight
# Compute's occupancy, launch and warp-state sections at float 65536 (8 x 256 vs 4 x 512).
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/c512.log") 2>&1
echo "# tree: $(git log --oneline -1 2>/dev/null | cut -c1-7) + .device variants; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
for v in v20_c512f v20_c512all; do
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/$v -DVARIANT_NAME="\"$v\"" \
    -DVARIANT_TECHNIQUE="\"scratch\"" -Xptxas -v -o .device/bin/$v \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
nvcc -std=c++17 -O3 -arch=sm_90 -I common -I .device/v20_c512all -o .device/bin/cluster_probe .device/cluster_probe.cu >"$OUT/probe.build.log" 2>&1 &
pids+=($!)
[ -d build ] || cmake -S . -B build -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DREDUCTION_BUILD_TESTS=OFF >"$OUT/configure.log" 2>&1
cmake --build build --target step20_softmax_mailbox results_table >"$OUT/build.log" 2>&1 || { echo "build failed"; tail -30 "$OUT/build.log"; }
for p in "${pids[@]}"; do wait "$p" || echo "a scratch build failed (pid $p)"; done
echo "built at $((SECONDS - start)) s"
echo "## occupancy API"
.device/bin/cluster_probe || echo "probe failed"
s20=build/step20_softmax_mailbox
f=.device/bin/v20_c512f
a=.device/bin/v20_c512all
echo "## correctness at odd shapes and every block (each must exit 0)"
for v in $f $a; do
  for shape in "float 65536 19" "float 131072 11" "float 100003 13" "float 128256 9" "float 20000 21" \
               "float 40001 7" "float 16385 5" "bf16 65536 9" "bf16 100003 5" "bf16 131072 3" "bf16 40000 7" \
               "bf16 16385 11" "half 131071 3" "bf16 70001 4"; do
    set -- $shape
    for b in 32 64 128 256 512 1024; do
      "$v" --verify-only --type "$1" --cols "$2" --rows "$3" --block $b >/dev/null 2>"$OUT/verify.err" ||
        echo "VERIFY FAILED: $v $shape block $b: $(head -c 300 "$OUT/verify.err")"
    done
  done
done
echo "verified at $((SECONDS - start)) s"
E=$((2 ** 27))
csv=$OUT/c512.csv
"$s20" --csv-header >"$csv"
run() {  # PROGRAM TYPE COLS
  "$1" --csv --type "$2" --cols "$3" --rows $((E / $3)) --block 256 >>"$csv" || echo "FAILED: $1 $2 $3 (exit $?)"
}
for round in 1 2; do
  for c in 32768 40000 49152 65536 100000 131072; do run $s20 float $c; run $f float $c; done
done
for c in 20000 32768 40000 65536 100000 128256 131072 152064; do run $s20 bf16 $c; run $a bf16 $c; done
for c in 40000 65536 100000 131072; do run $s20 bf16 $c; run $a bf16 $c; done
echo "timed at $((SECONDS - start)) s"
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"], r.get("path", ""))
PY
echo "## ncu: float 65536 x 1024 rows, block 256 (step 20: clusters of 8 x 256; c512f: 4 x 512)"
for p in $s20 $f; do
  echo "# $p"
  timeout 100 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    -k regex:softmax -c 1 "$p" --verify-only --type float --cols 65536 --rows 1024 --block 256 >"$OUT/ncu_$(basename $p).txt" 2>&1
  grep -E "Duration|DRAM Throughput|Registers Per|Cluster|Achieved Occupancy|Theoretical Occupancy|Block Limit|Waves|Warp Cycles Per Issued|Stall|Active Warps|Grid Size|Block Size" "$OUT/ncu_$(basename $p).txt" | head -40
done
echo "ncu at $((SECONDS - start)) s"
if [ $((SECONDS - start)) -lt 480 ]; then
  for shape in "bf16 11008" "bf16 100" "float 8192"; do
    set -- $shape
    timeout 60 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
      -k regex:softmax -c 1 $s20 --verify-only --type "$1" --cols "$2" --rows $((2 ** 26 / $2)) --block 256 >"$OUT/ncu_s20_$1_$2.txt" 2>&1
    echo "# step 20 $shape"; grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit Reg|Warp Cycles Per Issued|Grid Size|Block Size" "$OUT/ncu_s20_$1_$2.txt" | head -14
  done
fi
echo "done at $((SECONDS - start)) s"
