# What every chart of the course shares; each script loads it from its own folder:
#   load ARG0[1:strlen(ARG0) - strlen("NAME.gp")] . "palette.gp"
# One colour and one point type per program, the same in every chart, so that a step keeps its
# colour from one figure to the next: colour(p) 0xRRGGBB (`lc rgb colour(p)`), point(p) its
# point type, dash(p) 1 solid for a step, 2 dashed for CUB, 3 dotted for a framework's sum.
# Steps are keyed by the number in their name (step01_... is 1); a name not known here (a
# student's step99_ copy, say) is drawn in grey.
#               01       02       03       04       05       06       07
stepColours = "0x7f7f7f 0xbcbd22 0x8c564b 0xe377c2 0x9467bd 0xff7f0e 0x17becf " . \
              "0x2ca02c 0xb8860b 0x1f77b4 0x08306b 0xd62728 0x6a3d9a " . \
              "0xf4a261 0x3a86ff 0xe63946 0x264653 0x8338ec 0xff006e 0x2b9348"
#               08       09       10       11       12       13
#               14       15       16       17       18       19       20 (Part II)
stepPoints = "5 4 7 6 9 8 11 10 13 12 15 14 2 5 7 9 11 13 15 4"
digit(c) = strlen(c) == 1 ? strstrt("0123456789", c) - 1 : -1   # -1: not a digit
stepNumber(p) = p[1:4] eq "step" && digit(p[5:5]) >= 0 && digit(p[6:6]) >= 0 ? \
                10 * digit(p[5:5]) + digit(p[6:6]) : 0
known(p) = stepNumber(p) >= 1 && stepNumber(p) <= words(stepColours)
# A step beside the main line (step12b_: step 12 made reproducible) has a colour of its own.
beside(p) = p[1:7] eq "step12b"
colour(p) = beside(p) ? 0x2a9d8f : known(p) ? word(stepColours, stepNumber(p)) + 0 : \
            strstrt(p, "cub") ? 0x000000 : \
            strstrt(p, "torch") ? 0x009e73 : \
            strstrt(p, "triton") ? 0xd55e00 : \
            strstrt(p, "cupy") ? 0xe7298a : \
            strstrt(p, "jax") ? 0x525252 : 0x999999
point(p) = beside(p) ? 13 : known(p) ? word(stepPoints, stepNumber(p)) + 0 : \
           strstrt(p, "cub") || strstrt(p, "jax") ? 3 : \
           strstrt(p, "cupy") ? 2 : strstrt(p, "triton") ? 6 : 1
dash(p) = known(p) ? 1 : strstrt(p, "cub") ? 2 : 3

# A results CSV is read by column name, never by place, through tools/results_table (`tool`,
# which scripts/plot.sh passes): select(columns, conditions, file) gives those columns of the
# rows that meet the conditions ("--where NAME=VALUE ..."), header first, to plot `using
# "n":"gbs"`; firstNumber, firstValue: one column of the first such row (NaN, "": none);
# distinct: the values of one column, each once, in the order they first appear.
if (!exists("tool")) { tool = "build/results_table" }
select(columns, conditions, file) = \
    sprintf("< '%s' --select %s %s '%s'", tool, columns, conditions, file)
firstValue(column, conditions, file) = system(select(column, conditions, file)[3:] . " | sed -n 2p")
firstNumber(column, conditions, file) = (text = firstValue(column, conditions, file), \
                                         text eq "" ? NaN : real(text))
distinct(column, conditions, file) = \
    system(select(column, conditions, file)[3:] . " | awk 'NR > 1 && !seen[$0]++'")
set datafile separator ","
set datafile columnheaders
exponent(x) = int(log(x) / log(2) + 0.5)
power(x) = 2**exponent(x) == x ? sprintf("2^{%d}", exponent(x)) : sprintf("%d", x)
set grid lc rgb "#dddddd"

# Each chart twice, as out.png for the pages and out.svg, whose text the tests search:
# scripts/plot.sh runs a script once for each `format`, and the script says its size and font,
# eval terminal("size 1000,650 font 'sans,11'"), before it plots.
terminal(options) = sprintf("set terminal %s %s; set output '%s.%s'", \
                            format eq "png" ? "pngcairo" : "svg", options, out, format)
