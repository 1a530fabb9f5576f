#!/usr/bin/env bash
# Usage: check_docs.sh [REPOSITORY_ROOT]
# The docs pages are consistent with the repository:
#   1. every generated region (diffs, included results, table rows) is up to date
#      (scripts/maintainer/docs.sh --check; run scripts/maintainer/docs.sh to refresh them);
#   2. every step folder and the CUB reference have their page docs/<folder>.md (except a
#      student's step99_* copies, which the exercises ask for);
#   3. every relative link and image in docs/*.md and exercises/README.md points at a file
#      that exists;
#   4. every step page has an "## Exercises" section with at least 3 numbered exercises,
#      one of them checked by a test (ctest -R exercise_...).
# Needs bash, coreutils, diff and awk only.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 1
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# 1. Generated regions.
if ! scripts/maintainer/docs.sh --check; then
    fail "generated regions are stale (run scripts/maintainer/docs.sh and commit the pages)"
fi

# 2. A page per step.
step_pages=()
for folder in step[0-9][0-9]_* cub_reference; do
    [ -d "$folder" ] || continue
    case $folder in step99_*) continue ;; esac  # a student's copy of a step
    page=docs/$folder.md
    if [ -f "$page" ]; then step_pages+=("$page"); else fail "$folder has no page $page"; fi
done

# 3. Relative links.
for page in docs/*.md exercises/README.md; do
    [ -f "$page" ] || continue
    directory=$(dirname "$page")
    # Every ](target) outside code blocks; external links and pure anchors are skipped.
    targets=$(awk '/^```/ { code = !code; next } !code' "$page" |
        grep -o '](\([^)]*\))' | sed -e 's/^](//' -e 's/)$//' -e 's/ .*//' || true)
    for target in $targets; do
        case $target in
        http://* | https://* | mailto:* | \#*) continue ;;
        esac
        path=${target%%#*}
        [ -e "$directory/$path" ] || fail "$page links to $target, which does not exist"
    done
done

# 4. Exercises.
for page in "${step_pages[@]}"; do
    count=$(awk '/^## / { inside = ($0 ~ /^## Exercises/) } inside && /^[0-9]+\. / { n++ } END { print n + 0 }' "$page")
    [ "$count" -ge 3 ] || fail "$page has $count numbered exercises under '## Exercises', at least 3 wanted"
    grep -q 'ctest -R exercise_' "$page" || fail "$page names no exercise test (ctest -R exercise_...)"
done

if [ "$failures" -gt 0 ]; then
    echo "check_docs: $failures problem(s)"
    exit 1
fi
echo "check_docs: ${#step_pages[@]} step pages, links and generated regions OK"
