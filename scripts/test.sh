#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs every test.
# Without a GPU the GPU tests are reported as skipped ("no CUDA device"), never as passed.
# Extra arguments go to ctest, e.g. -L cpu, -L gpu, -R step05.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh  # gnuplot too: the plotting pipeline has a test
scripts/build.sh
build=${BUILD_DIR:-build}
log=$(mktemp)
set +e
(cd "$build" && ctest --output-on-failure --parallel "$(nproc)" "$@") | tee "$log"
status=${PIPESTATUS[0]}
set -e
total=$(sed -n 's/.*tests failed out of \([0-9][0-9]*\).*/\1/p' "$log" | tail -1)
skipped=$(grep -c '(Skipped)' "$log" || true)
rm -f "$log"
if [ "$status" -ne 0 ]; then
    echo "test: FAILED" >&2
    exit "$status"
fi
total=${total:-0}
if [ "$total" -le "$skipped" ]; then
    echo "test: no test ran (all $skipped skipped or none found): that is not a pass" >&2
    exit 1
fi
echo "test: OK ($((total - skipped)) ran and passed, $skipped skipped)"
