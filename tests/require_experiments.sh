# shellcheck shell=bash
# Sourced by the experiments' checks (check_experiment.sh, check_copy_ceiling.sh):
# require_experiments PROGRAM... The experiments are built apart (target experiments), so one
# not built makes the test report itself skipped (exit code 77), or fail under
# REDUCTION_REQUIRE_EXPERIMENTS=1 (CI, which builds them).
require_experiments() {
    local program
    for program; do
        [ -x "$program" ] && continue
        if [ "${REDUCTION_REQUIRE_EXPERIMENTS:-0}" = 1 ]; then
            echo "FAIL: ${program##*/} is not built, and REDUCTION_REQUIRE_EXPERIMENTS=1 requires it"
            exit 1
        fi
        echo "SKIPPED: ${program##*/} is not built (cmake --build build --target experiments)"
        exit 77
    done
}
