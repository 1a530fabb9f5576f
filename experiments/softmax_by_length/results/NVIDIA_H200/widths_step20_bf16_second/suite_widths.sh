#!/usr/bin/env bash
# shellcheck disable=SC2086
# Call: SUITE=1 runs the README's test command (scripts/test.sh) first; then the widths part of
# softmax_by_length for step 20 and the peers, for each type of TYPES, at WIDTHS_<type> (default:
# the part's own), each run.sh under a deadline so the call ends with its files.
cd "$(dirname "$0")/.." || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
exec > >(tee "$OUT/call.log") 2>&1
echo "# tree: $(cat .device/commit.txt); $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
if [ -n "${SUITE:-}" ]; then
  scripts/test.sh >"$OUT/test.log" 2>&1
  echo "test.sh exit $? after $((SECONDS - start)) s"
  grep -E "tests passed|tests failed|^test:|\(Failed\)|Not Run" "$OUT/test.log"
fi
[ -d build ] || cmake -S . -B build -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DREDUCTION_BUILD_TESTS=OFF >"$OUT/configure.log" 2>&1
cmake --build build --target step20_softmax_mailbox framework_runs results_table >"$OUT/build.log" 2>&1 || { echo "build failed"; tail -30 "$OUT/build.log"; }
echo "built at $((SECONDS - start)) s"
for t in $TYPES; do
  var=WIDTHS_$t
  left=$(( ${DEADLINE:-570} - SECONDS ))
  [ "$left" -gt 20 ] || { echo "no time left for $t"; break; }
  WIDTHS=${!var:-} LOG_ELEMENTS=27 TYPES=$t PARTS=widths PROGRAMS=step20_softmax_mailbox BUILD_DIR=build \
    timeout "$left" experiments/softmax_by_length/run.sh "$OUT/widths_$t" >"$OUT/widths_$t.log" 2>&1
  echo "widths $t exit $? at $((SECONDS - start)) s"
  cp "$OUT/widths_$t/widths.csv" "$OUT/widths_$t.csv" 2>/dev/null
  rm -rf "$OUT/widths_$t"
  build/results_table --pivot type,cols step %.0f gbs "$OUT/widths_$t.csv" 2>/dev/null
done
echo "done at $((SECONDS - start)) s"
