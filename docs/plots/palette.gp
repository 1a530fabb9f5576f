# One colour and one point type per program, the same in every chart of the course (bars,
# sweeps, roofline, accuracy), so that a step keeps its colour from one figure to the next.
# Every script in docs/plots/ loads it from its own folder:
#   here = ARG0[1:strlen(ARG0) - strlen("NAME.gp")]; load here . "palette.gp"
#
# colour(p): 0xRRGGBB for program p (use it as `lc rgb colour(p)`); point(p): its point type;
# dash(p): 1 solid for a step, 2 dashed for CUB, 3 dotted for a framework's sum.
# Steps are keyed by the number in their name (step01_... is 1); a name not known here
# (a student's step99_ copy, say) is drawn in grey.

# A results CSV is read by column name, never by place, through tools/results_table:
#   "< '" . tool . "' --select n,gbs --where step=X FILE" gives those columns of those rows,
#   header first (set datafile columnheaders, then `using "n":"gbs"`). `tool` is its path:
#   scripts/plot.sh passes it; by default build/results_table (run from the repository).
if (!exists("tool")) { tool = "build/results_table" }
# select(columns, conditions, file): that command, for a plot or a stats command.
select(columns, conditions, file) = sprintf("< '%s' --select %s %s '%s'", tool, columns, conditions, file)
# The first row's value of one column among the rows that meet the conditions.
firstValue(column, conditions, file) = system(sprintf("'%s' --select %s %s '%s' | sed -n 2p", tool, column, conditions, file))

#               01       02       03       04       05       06       07
stepColours = "0x7f7f7f 0xbcbd22 0x8c564b 0xe377c2 0x9467bd 0xff7f0e 0x17becf " . \
              "0x2ca02c 0xb8860b 0x1f77b4 0x08306b 0xd62728 0x6a3d9a"
#               08       09       10       11       12       13
stepPoints = "5 4 7 6 9 8 11 10 13 12 15 14 2"

isDigit(c) = strlen(c) == 1 && strstrt("0123456789", c) > 0
stepNumber(p) = (p[1:4] eq "step" && isDigit(p[5:5]) && isDigit(p[6:6])) ? 10 * (p[5:5] + 0) + (p[6:6] + 0) : 0
known(p) = stepNumber(p) >= 1 && stepNumber(p) <= words(stepColours)

colour(p) = known(p) ? word(stepColours, stepNumber(p)) + 0 : \
            strstrt(p, "cub") ? 0x000000 : \
            strstrt(p, "torch") ? 0x009e73 : \
            strstrt(p, "cupy") ? 0xe7298a : \
            strstrt(p, "jax") || strstrt(p, "jnp") ? 0x525252 : 0x999999
point(p) = known(p) ? word(stepPoints, stepNumber(p)) + 0 : \
           strstrt(p, "cub") ? 3 : \
           strstrt(p, "torch") ? 1 : \
           strstrt(p, "cupy") ? 2 : \
           strstrt(p, "jax") || strstrt(p, "jnp") ? 3 : 1
dash(p) = known(p) ? 1 : strstrt(p, "cub") ? 2 : 3
