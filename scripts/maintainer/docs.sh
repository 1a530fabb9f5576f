#!/usr/bin/env bash
# For maintainers: regenerates in place the regions of the pages between
# "<!-- BEGIN generated: KIND ARGUMENTS -->" and "<!-- END generated -->", so that no page
# retypes a diff, a source file or a measured number. The kinds:
#   diff A B            `diff -u A B` in a ```diff block, then the lines removed and added
#   file F              F itself: a .md file verbatim, any other file in a fenced block
#   row STEP[,STEP] F   of a Markdown table F such as docs/results/<device>/table.md: the line
#                       above the table (the device), the header and those steps' rows
#   upto STEP F         like 'row', every row of F down to STEP's, then the reference rows
#                       (after the last step): each step page ends as Harris's slides do
#   excerpt F NAME      the lines of F between those ending in "BEGIN excerpt NAME" and
#                       "END excerpt NAME" (e.g. "// BEGIN excerpt NAME"), in a fenced block
# Usage: scripts/maintainer/docs.sh [--check]   (the pages: README.md and docs/*.md)
#   --check  writes nothing; lists the stale pages, exit code 1 if any (tests/check_docs.sh)
# Exit code 2: a malformed page, or a missing file, row or excerpt.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() {
    echo "docs.sh: error: $*" >&2
    exit 2
}

[ $# -eq 0 ] || [ "$*" = --check ] || fail "usage: scripts/maintainer/docs.sh [--check]"
check=${1:-}  # --check: write nothing, list the stale pages
pages=(README.md docs/*.md)

# Prints standard input, ending with a newline even where it has none (sed's "append").
# shellcheck disable=SC1003
with_final_newline() { sed -e '$a\'; }

fenced() {  # FILE [INPUT]: INPUT (default: standard input) in a fenced block, FILE's language
    case $1 in
    *.cu | *.cuh | *.cpp | *.h) echo '```cpp' ;;
    *) echo '```text' ;;
    esac
    with_final_newline <"${2:-/dev/stdin}"
    echo '```'
}

table() {  # row|upto STEPS FILE: the rows of a Markdown table, under its title and header
    awk -v kind="$1" -v wanted="$2" '
        NR == 1 && !/^\|/ { title = $0 }
        /^\| *step *\|/ { header = $0; getline separator; next }
        /^\|/ {
            cell = $0; sub(/^\| */, "", cell); sub(/ *\|.*/, "", cell)
            rows[++count] = $0; name[count] = cell; row[cell] = $0
        }
        END {
            steps = split(wanted, step, ",")
            for (i = 1; i <= steps; i++) if (!(step[i] in row)) exit 3
            if (header == "") exit 3
            if (title != "") printf "%s\n\n", title
            print header; print separator
            for (i = 1; kind == "row" && i <= steps; i++) print row[step[i]]
            for (i = 1; kind == "upto" && i <= count; i++) {  # then the rows after the last step
                if (!past || name[i] !~ /^step[0-9][0-9]_/) print rows[i]
                past = past || name[i] == wanted
            }
        }' "$3"
}

generate() {  # KIND ARGUMENTS...: the region's contents
    local kind=$1 count=$(($# - 1)) file text
    shift
    case $kind:$count in
    diff:2 | excerpt:2 | file:1) file=$1 ;;
    row:2 | upto:2) file=$2 ;;
    *) fail "$page: no kind '$kind' with $count arguments" ;;
    esac
    [ -f "$file" ] || fail "$page: no file $file"
    case $kind in
    diff)
        [ -f "$2" ] || fail "$page: no file $2"
        # Labels instead of the files' dates: the output depends on the contents only.
        text=$(diff -u --label "$1" --label "$2" "$1" "$2") || [ $? -eq 1 ] || fail "diff $1 $2"
        printf '%s\n' '```diff' "$text" '```'
        # The size of the change, below the diff (the file headers --- and +++ not counted).
        echo "$text" | awk 'NR > 2 && /^-/ { removed++ } NR > 2 && /^\+/ { added++ }
            END { printf "\n*%d lines removed, %d added.*\n", removed, added }'
        ;;
    file) if [[ $1 == *.md ]]; then with_final_newline <"$1"; else fenced "$1" "$1"; fi ;;
    row | upto)
        text=$(table "$kind" "$@") || fail "$page: no table with the rows '$1' in $2"
        printf '%s\n' "$text"
        ;;
    excerpt)
        # The lines between those ending in "BEGIN excerpt NAME" and "END excerpt NAME".
        text=$(awk -v name="$2" '
            { marker = NF < 3 ? "" : $(NF - 2) " " $(NF - 1) " " $NF }
            marker == "END excerpt " name { inside = 0 }
            inside { print }
            marker == "BEGIN excerpt " name { inside = found = 1 }
            END { if (!found) exit 3 }' "$1") || fail "$page: no excerpt '$2' in $1"
        printf '%s\n' "$text" | fenced "$1"
        ;;
    esac
}

# Writes the page with every generated region regenerated to stdout.
regenerate() {
    local line number=0 opened=0 words
    while IFS= read -r line || [ -n "$line" ]; do
        number=$((number + 1))
        if [ "$opened" -gt 0 ] && [[ $line != '<!-- END generated -->' ]]; then
            [[ $line != '<!-- BEGIN generated:'* ]] ||
                fail "$page:$number: BEGIN inside the region opened at line $opened"
            continue  # the old contents of the region
        fi
        printf '%s\n' "$line"
        if [[ $line =~ ^'<!-- BEGIN generated: '(.*)' -->'$ ]]; then
            read -ra words <<<"${BASH_REMATCH[1]}"
            generate "${words[@]}"
            opened=$number
        elif [[ $line == '<!-- END generated -->' ]]; then
            [ "$opened" -gt 0 ] || fail "$page:$number: END without BEGIN"
            opened=0
        fi
    done <"$page"
    [ "$opened" -eq 0 ] || fail "$page:$opened: region never ends (no '<!-- END generated -->')"
}

stale=()
work=$(mktemp)
trap 'rm -f "$work"' EXIT
for page in "${pages[@]}"; do
    regenerate >"$work"
    if ! cmp -s "$work" "$page"; then
        stale+=("$page")
        [ "$check" = --check ] || cat "$work" >"$page"
    fi
done

if [ "$check" != --check ]; then
    echo "docs: ${#pages[@]} pages, ${#stale[@]} regenerated${stale[*]:+: ${stale[*]}}"
elif [ ${#stale[@]} -gt 0 ]; then
    printf 'stale: %s\n' "${stale[@]}"
    echo "docs: ${#stale[@]} page(s) out of date; run scripts/maintainer/docs.sh, commit them" >&2
    exit 1
else
    echo "docs: ${#pages[@]} pages up to date"
fi
