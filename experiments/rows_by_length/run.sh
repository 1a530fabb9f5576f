#!/usr/bin/env bash
# Part II's programs at one total size (2^28 elements, 1 GiB of floats) over row lengths 2^5
# to 2^20: rows_by_length.csv (the harness's rows) and its table .md (GB/s by row length and
# program). TYPES="float half" picks the types (default float). Minutes. Beside them, the
# peer torch.sum(x, dim=-1) (torch_sum_rows) through tools/framework_runs, the same inputs,
# checks and timing, where PYTHON (default python3) imports torch and sees the GPU; else it
# is skipped, once, with the reason.
# WIDTHS="W ..." (the widths models use, e.g. 1000 5120 11008 32000 128256) and LOG_ELEMENTS
# (default 28): other row lengths, each at 2^LOG_ELEMENTS / W rows (rounded down), into
# rows_widths.csv and its table; the figure is drawn from rows_by_length.csv alone.
# TABLES_ONLY=1: the tables of OUT's CSVs.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/rows_by_length.csv
widths=$(for e in $(seq 5 20); do echo $((2 ** e)); done)
elements=$((2 ** ${LOG_ELEMENTS:-28}))
if [ -n "${WIDTHS:-}${LOG_ELEMENTS:-}" ]; then
    csv=$out/rows_widths.csv widths=${WIDTHS:-$widths}
fi
if [ -z "${TABLES_ONLY:-}" ]; then
    mapfile -t programs <"$build/rows_programs.txt"
    need "${programs[@]}" framework_runs
    torch_sum=(-- "${PYTHON:-python3}" "$root/scripts/frameworks.py" torch)
    torch=yes probe=0  # a first run on a 1 x 32 matrix: 77, skipped (the script says why)
    framework_runs --rows 1 --cols 32 --verify-only "${torch_sum[@]}" >/dev/null || probe=$?
    case $probe in
    0) ;;
    77) torch= && echo "rows_by_length: torch.sum(x, dim=-1) skipped" >&2 ;;
    *) exit "$probe" ;;
    esac
    rm -f "$out/failed_checks.txt"  # peer() names there a library's run that fails its check
    { "${programs[0]}" --csv-header
      for type in ${TYPES:-float}; do
          for cols in $widths; do
              for program in "${programs[@]}"; do
                  "$program" --csv --type "$type" --cols "$cols" --rows "$((elements / cols))"
              done
              if [ -n "$torch" ]; then
                  peer --csv --type "$type" --cols "$cols" --rows "$((elements / cols))" \
                      "${torch_sum[@]}"
              fi
          done
      done
    } >"$csv"
fi
# The tables of each CSV there is.
for table in rows_by_length rows_widths; do
    [ -f "$out/$table.csv" ] || continue
    length_tables "$out/$table.csv" step "bytes read and written" >"$out/$table.md"
done
csv=$out/rows_by_length.csv
[ -f "$csv" ] || exit 0
# The figure of Part II: GB/s against the row length, every program (gnuplot, columns by name).
if command -v gnuplot >/dev/null; then
    gnuplot -e "tool='$(bin results_table)'; csv='$csv'; out='$out/rows_by_length'" \
        "$here/rows_by_length.gp"
else
    echo "rows_by_length: gnuplot not found (package gnuplot-nox): no figure drawn" >&2
fi
