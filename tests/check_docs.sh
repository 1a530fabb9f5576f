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
#      one of them checked by a test (ctest -R exercise_...);
#   5. every step page shows a figure (a class page has one: ![...](...)).
set -u
cd "${1:-$(dirname "$0")/..}" || exit 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

scripts/maintainer/docs.sh --check ||
    fail "generated regions are stale (run scripts/maintainer/docs.sh and commit the pages)"

step_pages=()
for folder in step[0-9][0-9]_* step[0-9][0-9][a-z]_* cub_reference cub_rows_reference; do
    [[ -d $folder && $folder != step99_* ]] || continue  # step99_*: a student's copy of a step
    page=docs/$folder.md
    [ -f "$page" ] && step_pages+=("$page") || fail "$folder has no page $page"
done

for page in docs/*.md exercises/README.md; do
    # Every ](target) outside code blocks but external links and anchors, without its #anchor.
    while read -r target; do
        [ -e "$(dirname "$page")/$target" ] || fail "$page links to $target, which does not exist"
    done < <(awk '/^```/ { code = !code; next }
                  !code { while (match($0, /\]\([^) ]+/)) {
                              target = substr($0, RSTART + 2, RLENGTH - 2)
                              $0 = substr($0, RSTART + RLENGTH)
                              sub(/#.*/, "", target)
                              if (target != "" && target !~ /^(https?|mailto):/) print target
                          } }' "$page")
done

for page in "${step_pages[@]}"; do
    count=$(awk '/^## / { inside = ($0 ~ /^## Exercises/) } inside && /^[0-9]+\. / { n++ }
                 END { print n + 0 }' "$page")
    [ "$count" -ge 3 ] || fail "$page has $count numbered exercises under '## Exercises' (3 wanted)"
    grep -q 'ctest -R exercise_' "$page" || fail "$page names no test (ctest -R exercise_...)"
    grep -q '^!\[' "$page" || fail "$page shows no figure (a line ![...](...))"
done

[ "$failures" -eq 0 ] || { echo "check_docs: $failures problem(s)"; exit 1; }
echo "check_docs: ${#step_pages[@]} step pages, links and generated regions OK"
