#!/usr/bin/env bash
# Usage: check_page_words.sh [REPOSITORY_ROOT] [PAGE...]
# A class page is read on a projector in a quarter of an hour: at most 2,500 words of prose on
# the course's pages (README.md and docs/*.md; or the PAGEs named). Prose is every word outside
# code fences, table lines and HTML comments (the hidden ties of numbers to their files); lab
# notes (variant tables, provenance, run logs) live in the experiments' READMEs, unlimited.
# Prints each page's count; fails on every page over the limit.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 1
shift $(($# > 0 ? 1 : 0))
limit=2500
pages=("$@")
[ ${#pages[@]} -gt 0 ] || pages=(README.md docs/*.md)

# The prose words of a Markdown page, read on standard input.
prose_words() {
    awk '/^[ \t]*```/ { code = !code; next }
         code || /^[ \t]*\|/ { next }
         {
             line = $0; kept = ""
             while (line != "") {               # drop <!-- ... -->, even across lines
                 if (comment) {
                     end = index(line, "-->"); if (!end) { line = ""; break }
                     line = substr(line, end + 3); comment = 0
                 }
                 start = index(line, "<!--")
                 if (!start) { kept = kept line; break }
                 kept = kept substr(line, 1, start - 1) " "; line = substr(line, start + 4); comment = 1
             }
             words += split(kept, unused)
         }
         END { print words + 0 }'
}

failures=0
for page in "${pages[@]}"; do
    [ -f "$page" ] || { echo "FAIL: no page $page"; failures=$((failures + 1)); continue; }
    words=$(prose_words <"$page")
    if [ "$words" -le "$limit" ]; then
        echo "ok: $page: $words words of prose"
    else
        echo "FAIL: $page: $words words of prose, over $limit (move lab notes to the experiment's README)"
        failures=$((failures + 1))
    fi
done
[ "$failures" -eq 0 ] || { echo "check_page_words: $failures page(s) over $limit words"; exit 1; }
echo "check_page_words: ${#pages[@]} pages within $limit words of prose"
