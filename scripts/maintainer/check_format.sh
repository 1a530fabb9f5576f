#!/usr/bin/env bash
# Maintainer check (CI runs it): every C++/CUDA source follows .clang-format (100 columns,
# so a line fits a projector). Tables that read better aligned are fenced with
# `// clang-format off` / `// clang-format on`. To reformat a file: clang-format -i FILE.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
command -v clang-format >/dev/null || { echo "check_format: clang-format not found" >&2; exit 1; }
mapfile -t files < <(git ls-files '*.cu' '*.cuh' '*.cpp' '*.h' '*.hpp')
# No files (not a git checkout, or git refused it): clang-format would read stdin and pass.
[ ${#files[@]} -gt 0 ] || { echo "check_format: git listed no source files" >&2; exit 1; }
clang-format --dry-run --Werror "${files[@]}" || {
    echo "check_format: the files above do not follow .clang-format (clang-format -i FILE)" >&2
    exit 1
}
echo "check_format: ${#files[@]} files follow .clang-format ($(clang-format --version))"
