#!/usr/bin/env bash
# Usage: check_shellcheck.sh REPOSITORY
# Every tracked shell script (*.sh and .ci/run) passes shellcheck, with the settings of the
# repository's .shellcheckrc. Without shellcheck this test is skipped (exit code 77), unless
# REDUCTION_REQUIRE_SHELLCHECK=1 (CI sets it), which makes a missing shellcheck a failure.
set -u
cd "$1" || exit 1
if ! command -v shellcheck >/dev/null; then
    [ "${REDUCTION_REQUIRE_SHELLCHECK:-0}" != 1 ] || { echo "FAIL: shellcheck not found"; exit 1; }
    echo "SKIPPED: shellcheck not found (Debian/Ubuntu package shellcheck)"
    exit 77
fi
mapfile -t scripts < <(git ls-files '*.sh' .ci/run)
[ ${#scripts[@]} -gt 0 ] || { echo "FAIL: git listed no script (not a git checkout?)"; exit 1; }
version=$(shellcheck --version | sed -n 's/^version: //p')
shellcheck "${scripts[@]}" && echo "ok: ${#scripts[@]} shell scripts pass shellcheck $version"
