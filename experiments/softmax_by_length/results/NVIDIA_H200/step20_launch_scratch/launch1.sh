#!/usr/bin/env bash
# shellcheck disable=SC2043,SC2086  # kept as it ran on the device
# Scratch call: three launch-rule variants of step 20 through the harness (every output checked),
# beside step 20 in the same call, block 256, 2^27 elements. v20_lanes4: aligned rows of <= 4
# vectors in groups of 4 lanes; v20_held3: 16-bit groups that would hold 4 vectors a thread hold 3
# where 3 hold the row; v20_b512: floats past the caller's block take blocks of 512 (one, then
# clusters of 2, 4, 8), so floats read once up to 131072.
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/launch1.log") 2>&1
echo "# tree: $(git log --oneline -1 2>/dev/null | cut -c1-7) + .device variants; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
for v in v20_lanes4 v20_held3 v20_b512; do
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/$v -DVARIANT_NAME="\"$v\"" \
    -DVARIANT_TECHNIQUE="\"scratch\"" -Xptxas -v -o .device/bin/$v \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
[ -d build ] || cmake -S . -B build -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DREDUCTION_BUILD_TESTS=OFF >"$OUT/configure.log" 2>&1
cmake --build build --target step20_softmax_mailbox results_table >"$OUT/build.log" 2>&1 || { echo "build failed"; tail -30 "$OUT/build.log"; }
for p in "${pids[@]}"; do wait "$p" || echo "a variant failed to build (pid $p)"; done
echo "built at $((SECONDS - start)) s"
s20=build/step20_softmax_mailbox
E=$((2 ** 27))
run() {  # PROGRAM TYPE COLS
  "$1" --csv --type "$2" --cols "$3" --rows $((E / $3)) --block 256 || echo "FAILED: $1 $2 $3 (exit $?)"
}
# correctness at odd shapes first (each prints its verdict)
for v in v20_lanes4 v20_held3 v20_b512; do
  for shape in "bf16 8 1001" "bf16 16 999" "bf16 24 1003" "bf16 32 1001" "float 16 1001" "half 32 777" \
               "bf16 11008 37" "bf16 5120 41" "half 11000 33" "float 65536 19" "float 131072 11" \
               "float 100003 13" "float 128256 9" "float 20000 21"; do
    set -- $shape
    .device/bin/$v --verify-only --type "$1" --cols "$2" --rows "$3" --block 256 >/dev/null 2>&1 ||
      echo "VERIFY FAILED: $v $shape"
  done
done
echo "verified at $((SECONDS - start)) s"
"$s20" --csv-header > "$OUT/launch1.csv"
{
  for c in 32; do run $s20 bf16 $c; run .device/bin/v20_lanes4 bf16 $c; run $s20 bf16 $c; run .device/bin/v20_lanes4 bf16 $c; done
  for c in 1536 4096 5120 8192 11008 16384 32768; do run $s20 bf16 $c; run .device/bin/v20_held3 bf16 $c; done
  for c in 20000 32768 40000 49152 65536 100000 128256 131072 152064 262144; do run $s20 float $c; run .device/bin/v20_b512 float $c; done
  for c in 11008 65536 131072; do run $s20 float $c; run .device/bin/v20_b512 float $c; done
} >> "$OUT/launch1.csv"
echo "timed at $((SECONDS - start)) s"
python3 - "$OUT/launch1.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r.get("verified", ""))
PY
grep -h "registers\|Compiling entry" "$OUT"/v20_b512.build.log | grep -B1 "registers" | grep -A1 "Lj512ELj\(1024\|2048\|4096\)" | head -20
ncu --query-metrics 2>/dev/null | grep -i "cluster" | head -30
echo "done at $((SECONDS - start)) s"
