#!/usr/bin/env bash
# For maintainers: Regenerates the generated regions of the docs pages (docs/*.md) in place, so that no page
# retypes a diff, a source file or a measured number. A region is
#
#   <!-- BEGIN generated: KIND ARGUMENTS -->
#   ... written by this script, never by hand ...
#   <!-- END generated -->
#
# with one of these kinds:
#   diff A B            `diff -u A B` of two files, in a ```diff block, and below it the
#                       number of lines removed and added
#   file F              F itself: a .md file verbatim, any other file in a fenced block;
#                       a file under docs/results/ that does not exist yet (it is measured on
#                       a GPU) becomes one italic line saying how to produce it
#   row STEP[,STEP] F   the line above the table of F (the device), the table's header and
#                       the rows of those steps, from a Markdown table such as
#                       docs/results/<device>/table.md
#   upto STEP F         the cumulative table so far: like 'row', every row of F from the first
#                       down to STEP's, then the reference rows (cub_reference and what else
#                       follows the last step), so each step page ends as Harris's slides do
#   excerpt F NAME      the lines of F between the lines ending in "BEGIN excerpt NAME"
#                       and "END excerpt NAME" (e.g. "// BEGIN excerpt NAME"), in a fenced block
#
# Usage: scripts/maintainer/docs.sh [--check] [PAGE.md ...]     (default: README.md and every docs/*.md)
#   --check  writes nothing; lists the pages whose generated regions are stale and exits 1
#            if there are any (tests/check_docs.sh runs this). Exit code 2: a malformed page
#            or a missing source file.
# Needs only bash, coreutils, diff, sed and awk. Paths are relative to the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."

check=no
if [ "${1:-}" = --check ]; then
    check=yes
    shift
fi
if [ $# -gt 0 ]; then
    pages=("$@")
else
    pages=(README.md docs/*.md)
fi

fail() {
    echo "docs.sh: error: $*" >&2
    exit 2
}

# How a file that does not exist yet gets made (measured on the device machine).
producer_of() {
    case $1 in
    */table.md) echo "scripts/bench.sh OUTDIR table on the GPU, then scripts/plot.sh OUTDIR," ;;
    *sanitizer*.txt) echo "compute-sanitizer on the GPU (the commands in docs/step07_warp_unroll.md)" ;;
    *) echo "the measurement on the GPU" ;;
    esac
}

fence_language() {
    case $1 in
    *.cu | *.cuh | *.cpp | *.h | *.hpp) echo cpp ;;
    *.sh) echo sh ;;
    *.gp) echo gnuplot ;;
    *.cmake | */CMakeLists.txt) echo cmake ;;
    *) echo text ;;
    esac
}

# Prints a file with a final newline even if it has none.
print_file() {
    # shellcheck disable=SC1003  # sed's "append" command, not an escaped quote
    sed -e '$a\' "$1"
}

not_measured() {
    echo "*not measured yet: run $(producer_of "$1") to produce \`$1\`*"
}

generate_diff() {
    [ $# -eq 2 ] || fail "$page: 'diff' takes two files: $*"
    [ -f "$1" ] || fail "$page: no file $1"
    [ -f "$2" ] || fail "$page: no file $2"
    local text
    # Labels instead of the files' dates: the output depends on the contents only.
    text=$(diff -u --label "$1" --label "$2" "$1" "$2") || [ $? -eq 1 ] || fail "diff $1 $2 failed"
    echo '```diff'
    echo "$text"
    echo '```'
    # The size of the change, below the diff (the file headers --- and +++ not counted).
    echo "$text" | awk 'NR > 2 && /^-/ { removed++ } NR > 2 && /^\+/ { added++ }
        END { printf "\n*%d lines removed, %d added.*\n", removed, added }'
}

generate_file() {
    [ $# -eq 1 ] || fail "$page: 'file' takes one file: $*"
    if [ ! -f "$1" ]; then
        case $1 in
        docs/results/*) not_measured "$1"; return ;;
        *) fail "$page: no file $1" ;;
        esac
    fi
    case $1 in
    *.md) print_file "$1" ;;
    *)
        echo '```'"$(fence_language "$1")"
        print_file "$1"
        echo '```'
        ;;
    esac
}

generate_row() {
    [ $# -eq 2 ] || fail "$page: 'row' takes STEP[,STEP...] and a file: $*"
    if [ ! -f "$2" ]; then
        case $2 in
        docs/results/*) not_measured "$2"; return ;;
        *) fail "$page: no file $2" ;;
        esac
    fi
    awk -v steps="$1" -v file="$2" '
        BEGIN { wanted = split(steps, step, ",") }
        NR == 1 && $0 !~ /^\|/ { title = $0 }
        /^\| *step *\|/ { header = $0; getline; separator = $0; next }
        /^\|/ {
            cell = $0; sub(/^\| */, "", cell); sub(/ *\|.*/, "", cell)
            row[cell] = $0
        }
        END {
            if (header == "") { printf "*%s has no table*\n", file; exit }
            if (title != "") printf "%s\n\n", title
            print header; print separator
            for (i = 1; i <= wanted; i++)
                if (step[i] in row) print row[step[i]]
            for (i = 1; i <= wanted; i++)
                if (!(step[i] in row)) printf "\n*%s has no row for %s yet*\n", file, step[i]
        }' "$2"
}

generate_upto() {
    [ $# -eq 2 ] || fail "$page: 'upto' takes a STEP and a file: $*"
    if [ ! -f "$2" ]; then
        case $2 in
        docs/results/*) not_measured "$2"; return ;;
        *) fail "$page: no file $2" ;;
        esac
    fi
    awk -v last="$1" -v file="$2" '
        NR == 1 && $0 !~ /^\|/ { title = $0 }
        /^\| *step *\|/ { header = $0; getline; separator = $0; next }
        /^\|/ {
            cell = $0; sub(/^\| */, "", cell); sub(/ *\|.*/, "", cell)
            rows[++count] = $0; name[count] = cell
        }
        END {
            if (header == "") { printf "*%s has no table*\n", file; exit }
            if (title != "") printf "%s\n\n", title
            print header; print separator
            for (i = 1; i <= count && !found; i++) { print rows[i]; found = (name[i] == last) }
            if (!found) { printf "\n*%s has no row for %s yet*\n", file, last; exit }
            for (; i <= count; i++) if (name[i] !~ /^step[0-9][0-9]_/) print rows[i]
        }' "$2"
}

generate_excerpt() {
    [ $# -eq 2 ] || fail "$page: 'excerpt' takes a file and a name: $*"
    [ -f "$1" ] || fail "$page: no file $1"
    local body
    body=$(awk -v name="$2" '
        NF >= 3 && $(NF - 2) == "END" && $(NF - 1) == "excerpt" && $NF == name { inside = 0 }
        inside { print }
        NF >= 3 && $(NF - 2) == "BEGIN" && $(NF - 1) == "excerpt" && $NF == name { inside = 1; found = 1 }
        END { if (!found) exit 3 }' "$1") || fail "$page: no excerpt '$2' in $1"
    echo '```'"$(fence_language "$1")"
    printf '%s\n' "$body"
    echo '```'
}

generate() {  # KIND ARGUMENTS...
    local kind=$1
    shift
    case $kind in
    diff) generate_diff "$@" ;;
    file) generate_file "$@" ;;
    row) generate_row "$@" ;;
    upto) generate_upto "$@" ;;
    excerpt) generate_excerpt "$@" ;;
    *) fail "$page: unknown kind of generated region '$kind'" ;;
    esac
}

# Writes the page with every generated region regenerated to stdout.
regenerate() {
    local line inside=no number=0 opened=0 words
    while IFS= read -r line || [ -n "$line" ]; do
        number=$((number + 1))
        if [ "$inside" = yes ]; then
            if [[ $line == '<!-- END generated -->' ]]; then
                printf '%s\n' "$line"
                inside=no
            elif [[ $line == '<!-- BEGIN generated:'* ]]; then
                fail "$page:$number: BEGIN inside the region opened at line $opened"
            fi
            continue
        fi
        if [[ $line =~ ^'<!-- BEGIN generated: '(.*)' -->'$ ]]; then
            printf '%s\n' "$line"
            read -ra words <<<"${BASH_REMATCH[1]}"
            generate "${words[@]}"
            inside=yes
            opened=$number
        elif [[ $line == '<!-- END generated -->' ]]; then
            fail "$page:$number: END without BEGIN"
        else
            printf '%s\n' "$line"
        fi
    done <"$page"
    [ "$inside" = no ] || fail "$page:$opened: region never ends (no '<!-- END generated -->')"
}

stale=()
work=$(mktemp)
trap 'rm -f "$work"' EXIT
for page in "${pages[@]}"; do
    [ -f "$page" ] || fail "no page $page"
    regenerate >"$work"
    if ! cmp -s "$work" "$page"; then
        stale+=("$page")
        [ "$check" = yes ] || cat "$work" >"$page"
    fi
done

if [ "$check" = yes ]; then
    if [ ${#stale[@]} -gt 0 ]; then
        printf 'stale: %s\n' "${stale[@]}"
        echo "docs: ${#stale[@]} page(s) out of date with their sources; run scripts/maintainer/docs.sh and commit the pages" >&2
        exit 1
    fi
    echo "docs: ${#pages[@]} pages up to date"
else
    echo "docs: ${#pages[@]} pages, ${#stale[@]} regenerated${stale[*]:+: ${stale[*]}}"
fi
