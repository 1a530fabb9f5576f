#!/usr/bin/env bash
# shellcheck disable=SC2086  # the width lists, a word each (added after the run; the file is as it ran otherwise)
# Call 3: the mailbox variant through the harness in bf16; compute-sanitizer on it; its SASS.
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/mailbox_bf16.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + working tree"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
cmake -S . -B build -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 || { echo configure failed; exit 1; }
cmake --build build --target step19_softmax_one_exponential step19_cluster_mailbox framework_runs results_table >"$OUT/build.log" 2>&1 || { echo build failed; tail -30 "$OUT/build.log"; exit 1; }
echo "built at $((SECONDS - start)) s"
m=$(find build -name step19_cluster_mailbox -type f -perm -u+x | head -1)
s=$(find build -name step19_softmax_one_exponential -type f -perm -u+x | head -1)
for p in "$s" "$m"; do
  echo "## SASS of $(basename "$p"): barrier, fence and mailbox instructions of the cluster kernels"
  cuobjdump -sass "$p" | awk '/Function :/{f=$3} /MEMBAR/{n[f" MEMBAR"]++} /UCGABAR_ARV/{n[f" UCGABAR_ARV"]++} /UCGABAR_WAIT/{n[f" UCGABAR_WAIT"]++} /SYNCS/{n[f" SYNCS"]++} /STAS/{n[f" STAS"]++} END{for(k in n) print k, n[k]}' | grep -E "Lj256ELj1024ELj8ELj1EfE|Lj256ELj1024ELj4ELj1E13__nv_bfloat16E|softmaxTwoReadsKernelILj256ELj8EfE" | sort
done
( cd "$(dirname "$m")" && for tool in memcheck racecheck synccheck; do
    for shape in "--type float --rows 3 --cols 32768" "--type float --rows 3 --cols 65537" "--type bf16 --rows 3 --cols 200003" "--type bf16 --rows 5 --cols 20000"; do
      echo "\$ compute-sanitizer --tool $tool step19_cluster_mailbox $shape --verify-only"
      # shellcheck disable=SC2086
      compute-sanitizer --tool $tool ./step19_cluster_mailbox $shape --verify-only 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|hazard|verified|wrong" | head -4
    done
  done )
echo "sanitizer at $((SECONDS - start)) s"
LOG_ELEMENTS=27 TYPES=bf16 PARTS=step19_cluster_mailbox BUILD_DIR=build experiments/softmax_by_length/run.sh "$OUT/r" 2>&1 | grep -v "skipped"
echo "bf16 run.sh rc ${PIPESTATUS[0]} at $((SECONDS - start)) s"
cat "$OUT/r/step19_cluster_mailbox.md"
