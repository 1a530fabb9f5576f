#!/usr/bin/env bash
# Usage: check_page_numbers.sh RESULTS_TABLE REPOSITORY_ROOT [PAGE...]
# Every number a page ties to a committed results file agrees with that file (issue 42). The
# pages: README.md, docs/*.md, every README.md of experiments/, docs/results/, exercises/ and
# tests/mutants/, and solutions/answers/*.md, or the
# PAGEs named (relative to REPOSITORY_ROOT). A tie is an HTML comment right after the number
# (or its unit), which the reader does not see:
#     it reaches 4597 GB/s<!-- = {experiments/rows_by_length/results/NVIDIA_H200/rows_by_length.csv; gbs; step=step14_rows_block; type=float; cols=2048} -->
# After "=" comes arithmetic (numbers, + - * /, parentheses) on TERMs: {FILE; COLUMN;
# CONDITION...}, the COLUMN of the one row of FILE (a CSV, or a .md file's first Markdown table,
# relative to the repository root) that meets every CONDITION (results_table's --where: NAME=VALUE,
# NAME!=VALUE, NAME<VALUE...); min{...}, max{...}, median{...} and count{...} take every such
# row (ranges, counts). A ratio is {A...} / {B...}, a gain in percent ({A...} / {B...} - 1) * 100.
# A log or listing (any other file) is read by lines: lines{FILE; REGEX}, the number of its lines
# that match the extended regular expression REGEX (grep -cE); number{FILE; REGEX; K; M}, the
# K-th number (default 1; digits with a sign, decimals or an exponent; "2^30" is the numbers 2
# and 30) on the M-th line (default 1) that matches REGEX.
# FILE, COLUMN, CONDITIONs and REGEX hold no ; { or }, and in a table's row no | (it would split
# the cell).
# The number checked is the last one before the comment (thousands commas, a sign - or −,
# decimals, an exponent e-6), with at most a unit between (16 bytes, no |), and neither the
# power of 2^18 nor part of a name (H200); it agrees when it is within half a unit of its last
# printed digit (4597: 0.5; 1.7: 0.05). Ties in code (``` fences, `spans`) are examples, not checked. Each
# term's number comes from results_table --value (by column name, never by place).
# Prints ok or FAIL per tie, and a summary; exits 1 when a tie disagrees with its file, names a
# missing file, column or row, or cannot be read.
set -u -o pipefail
usage="usage: check_page_numbers.sh RESULTS_TABLE REPOSITORY_ROOT [PAGE...]"
[ $# -ge 2 ] || { echo "$usage"; exit 1; }
tool=$1
[[ $tool == /* ]] || tool=$PWD/$tool
cd "$2" || exit 1
shift 2
pages=("$@")
if [ ${#pages[@]} -eq 0 ]; then
    shopt -s nullglob
    pages=(README.md docs/*.md experiments/*/README.md docs/results/*/README.md exercises/README.md
        tests/mutants/README.md)
    for page in solutions/answers/*.md; do [ -f "$page" ] && pages+=("$page"); done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
separator=$'\037'  # between the fields of a tie's record (\037 below too): no page holds it
failures=0
found=()  # the pages that exist
for page in "${pages[@]}"; do
    [ -f "$page" ] && found+=("$page") ||
        { echo "FAIL: no page $page"; failures=$((failures + 1)); }
done

# Every tie of the pages, a record each: page, line, the number as printed, its tolerance (half
# a unit of its last digit), the expression, and what is wrong with the tie (empty if nothing).
# LC_ALL=C: bytes, so "−" (U+2212) is one 3-byte string in every awk.
: >"$work/ties"
[ ${#found[@]} -eq 0 ] || LC_ALL=C awk -v s="$separator" '
    function tie(printed, tolerance, expression, problem) {
        print FILENAME s FNR s printed s tolerance s expression s problem
    }
    FNR == 1 { code = 0 }
    /^[ \t]*(```|~~~)/ { code = !code; next }
    code { next }
    {
        rest = $0; before = ""  # before: the line up to the tie at hand
        while (match(rest, /<!--[ \t]*=/)) {
            before = before substr(rest, 1, RSTART - 1); rest = substr(rest, RSTART + RLENGTH)
            end = index(rest, "-->")
            if (!end) { tie("", "", rest, "the tie does not end (-->) on its line"); break }
            expression = substr(rest, 1, end - 1); rest = substr(rest, end + 3)
            gsub(/^[ \t]+|[ \t]+$/, "", expression)
            if ($0 ~ /^[ \t]*\|/ && expression ~ /\|/) {
                tie("", "", expression, "a | in a table row splits its cell: one value per tie")
                continue
            }
            visible = before  # what the reader sees before the tie: no comments
            while (match(visible, /<!--/)) {
                end = index(substr(visible, RSTART), "-->")
                visible = substr(visible, 1, RSTART - 1) \
                          (end ? substr(visible, RSTART + end + 2) : "")
            }
            before = before "<!---->"
            if (gsub(/`/, "`", visible) % 2) continue  # inside a `code span`: an example
            last = 0; scanned = visible; offset = 0
            while (match(scanned, /[0-9]+(,[0-9][0-9][0-9])*(\.[0-9]+)?([eE][-+]?[0-9]+)?/)) {
                last = offset + RSTART; size = RLENGTH
                offset += RSTART + RLENGTH - 1; scanned = substr(scanned, RSTART + RLENGTH)
            }
            if (!last) { tie("", "", expression, "no number before the tie"); continue }
            printed = substr(visible, last, size); head = substr(visible, 1, last - 1)
            gap = substr(visible, last + size)
            if (head ~ /\^$/) {
                tie(printed, "", expression, "the number before the tie is a power (^" printed ")")
                continue
            }
            if (head ~ /[A-Za-z_]$/) {
                tie(printed, "", expression, "the number before the tie is part of a name")
                continue
            }
            if (length(gap) > 16 || gap ~ /\|/) {
                tie(printed, "", expression, "the tie is not right after its number " printed \
                    " or its unit (\"" gap "\" between)")
                continue
            }
            if (head ~ /(^|[^0-9A-Za-z_.])(-|−)$/) printed = (head ~ /−$/ ? "−" : "-") printed
            mantissa = printed; exponent = 0
            if (match(mantissa, /[eE]/)) {
                exponent = substr(mantissa, RSTART + 1) + 0
                mantissa = substr(mantissa, 1, RSTART - 1)
            }
            decimals = match(mantissa, /\.[0-9]+$/) ? RLENGTH - 1 : 0
            tie(printed, 0.5 * 10 ^ (exponent - decimals), expression, "")
        }
    }' "${found[@]}" >"$work/ties"

# Sets trimmed to $1 without the blanks around it.
trim() {
    trimmed=${1#"${1%%[![:space:]]*}"}
    trimmed=${trimmed%"${trimmed##*[![:space:]]}"}
}

# text_term MATCH lines|number FILE REGEX [K [M]]: sets term to the number of a log's term, or
# problem to what is wrong with it (and fails).
text_term() {
    local match=$1 kind=$2 file=$3 regex=$4 which nth line status
    trim "$5" && which=${trimmed:-1}
    trim "$6" && nth=${trimmed:-1}
    [ -n "$file" ] && [ -n "$regex" ] ||
        { problem="$match: a term is lines{FILE; REGEX} or number{FILE; REGEX; K; M}"; return 1; }
    [ -f "$file" ] || { problem="$match: no file $file"; return 1; }
    [[ $which =~ ^[1-9][0-9]*$ ]] || { problem="$match: K is a count from 1, not $which"; return 1; }
    [[ $nth =~ ^[1-9][0-9]*$ ]] || { problem="$match: M is a count from 1, not $nth"; return 1; }
    if [ "$kind" = lines ]; then
        status=0
        term=$(grep -cE -- "$regex" "$file" 2>/dev/null) || status=$?
        [ "$status" -le 1 ] || { problem="$match: grep cannot read REGEX $regex"; return 1; }
        return 0
    fi
    line=$(grep -m "$nth" -E -- "$regex" "$file" | sed -n "${nth}p")
    [ -n "$line" ] || { problem="$match: no line $nth of $file matches $regex"; return 1; }
    term=$(grep -oE -- '[-−]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?' <<<"$line" | sed -n "${which}p")
    term=${term/−/-}
    [ -n "$term" ] || { problem="$match: the line holds fewer than $which numbers: $line"; return 1; }
}

# Sets computed to the arithmetic of a tie's EXPRESSION, each TERM replaced by its number from
# results_table (asked once per term: pages repeat terms), or problem to what is wrong with it.
declare -A numbers=()
arithmetic() {
    local rest=$1 match aggregate file column part parts key trimmed
    local pattern='(min|max|median|count|lines|number)?\{([^{}]*)\}'
    computed="" problem=""
    while [[ $rest =~ $pattern ]]; do
        match=${BASH_REMATCH[0]}
        aggregate=${BASH_REMATCH[1]:-one}
        IFS=';' read -ra parts <<<"${BASH_REMATCH[2]}"
        computed+=${rest%%"$match"*}
        rest=${rest#*"$match"}
        trim "${parts[0]:-}" && file=$trimmed
        trim "${parts[1]:-}" && column=$trimmed
        if [ "$aggregate" = lines ] || [ "$aggregate" = number ]; then
            text_term "$match" "$aggregate" "$file" "$column" "${parts[2]:-}" "${parts[3]:-}" ||
                return
            computed+="($term)"
            continue
        fi
        [ -n "$file" ] && [ -n "$column" ] ||
            { problem="$match: a term is {FILE; COLUMN; CONDITION...}"; return; }
        local arguments=(--value "$column" --aggregate "$aggregate")
        for part in "${parts[@]:2}"; do
            trim "$part"
            [ -z "$trimmed" ] || arguments+=(--where "$trimmed")
        done
        arguments+=("$file")
        key=${arguments[*]}
        if [ -z "${numbers[$key]:-}" ]; then
            numbers[$key]=$("$tool" "${arguments[@]}" 2>"$work/error" </dev/null) ||
                { problem=$(sed 's/^results_table: error: //' "$work/error"); return; }
        fi
        computed+="(${numbers[$key]})"
    done
    [[ $rest != *[{}]* ]] || { problem="a { or } outside a term {FILE; COLUMN; ...}"; return; }
    computed+=$rest
}

# Each tie with its arithmetic (the terms' numbers in place), or what is wrong with it.
while IFS=$separator read -r page line printed tolerance expression problem; do
    [ -n "$problem" ] || arithmetic "$expression"
    printf '%s\037%s\037%s\037%s\037%s\037%s\037%s\n' \
        "$page" "$line" "$printed" "$tolerance" "$expression" "$computed" "$problem"
    computed=""
done <"$work/ties" >"$work/computed"

# The arithmetic done (a small parser: + - * /, unary -, parentheses), each printed number set
# beside it, a line per tie, and the summary.
LC_ALL=C awk -F "$separator" -v failures="$failures" -v pages="${#pages[@]}" '
    function fail(message) { print "FAIL: " $1 ":" $2 ": " message " (" $5 ")"; failures++ }
    function next_token() { token = position <= count ? tokens[position++] : "" }
    function primary(  value) {
        if (token == "(") {
            next_token(); value = sum()
            if (token != ")") problem = problem ? problem : "a ( without its )"
            next_token(); return value
        }
        if (token == "-") { next_token(); return -primary() }
        if (token ~ /^[0-9.]/) { value = token + 0; next_token(); return value }
        if (!problem) problem = token == "" ? "the expression ends early" \
                                            : "\"" token "\" where a number belongs"
        next_token(); return 0
    }
    function product(  value, operator, right) {
        value = primary()
        while (token == "*" || token == "/") {
            operator = token; next_token(); right = primary()
            if (operator == "*") value *= right
            else if (right == 0) { problem = problem ? problem : "a division by 0"; value = 0 }
            else value /= right
        }
        return value
    }
    function sum(  value, operator, right) {
        value = product()
        while (token == "+" || token == "-") {
            operator = token; next_token(); right = product()
            value = operator == "+" ? value + right : value - right
        }
        return value
    }
    # The value of the arithmetic text, or "" with the reason in problem.
    function evaluate(text,  value) {
        count = 0; position = 1; problem = ""
        while (text != "") {
            if (match(text, /^[ \t]+/)) { text = substr(text, RLENGTH + 1); continue }
            if (!match(text, /^(([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?|[-+*\/()])/)) {
                problem = "cannot read \"" text "\" (numbers, + - * /, parentheses and terms only)"
                return ""
            }
            tokens[++count] = substr(text, 1, RLENGTH); text = substr(text, RLENGTH + 1)
        }
        next_token(); value = sum()
        if (token != "" && !problem) problem = "\"" token "\" after the end of the expression"
        return problem ? "" : value
    }
    {
        checked++; if (!($1 in seen)) { seen[$1]; tied_pages++ }
        if ($7 != "") { fail($7); next }
        if ($5 == "") { fail("the tie holds no expression"); next }
        value = evaluate($6)
        if (value == "") { fail(problem); next }
        printed = $3; gsub(/,/, "", printed); sub(/^−/, "-", printed)
        difference = printed - value; if (difference < 0) difference = -difference
        if (difference <= $4 * (1 + 1e-9))  # 1e-9: the binary rounding of the file'"'"'s decimals
            printf "ok: %s:%s: %s = %.10g\n", $1, $2, $3, value
        else
            fail(sprintf("printed %s, file gives %.10g", $3, value))
    }
    END {
        if (failures) printf "check_page_numbers: %d problem(s); ", failures
        else printf "check_page_numbers: "
        printf "%d tie(s) checked on %d of %d page(s)\n", checked, tied_pages, pages
        exit (failures > 0)
    }' "$work/computed"
