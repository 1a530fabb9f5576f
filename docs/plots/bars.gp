# Bar chart of GB/s per step, from a CSV that scripts/tutorial.sh writes, with the
# device's theoretical peak and the CUB reference drawn as horizontal lines:
#   gnuplot -e "csv='build/results/table.csv'; out='bars'" docs/plots/bars.gp
# writes bars.png and bars.svg (`out` is the file name without its extension).

set datafile separator ","

# 1. Read the CSV (columns: 1 step, 3 device, 4 compute_capability, 7 peak_gbs,
#    10 type, 11 n, 21 gbs). Steps become bars, in the CSV's order, into the datablock
#    $bars; the CUB row (step cub_reference) becomes a line; so does the peak.
stats csv skip 1 using (0) nooutput
rows = STATS_records
array step[rows]; array device[rows]; array cc[rows]; array peak[rows]
array type[rows]; array n[rows]; array gbs[rows]
r = 0
stats csv skip 1 using (r = r + 1, step[r] = strcol(1), device[r] = strcol(3), \
    cc[r] = strcol(4), peak[r] = strcol(7), type[r] = strcol(10), \
    n[r] = int(real(strcol(11))), gbs[r] = real(strcol(21)), 0) nooutput

isReference(i) = strstrt(step[i], "cub") == 1
g = 1                                   # the first GPU row names the device
do for [i = rows:1:-1] { if (cc[i] ne "") { g = i } }
cub = NaN
set print $bars
do for [i = 1:rows] {
    if (isReference(i)) { cub = gbs[i] } else { print sprintf("%s %g %d", step[i], gbs[i], cc[i] ne "") }
}
unset print
bars = rows - (cub == cub)              # NaN == NaN is false: no CUB row, no CUB line
top = (peak[g] eq "") ? NaN : real(peak[g])   # no GPU row, no peak line
highest = top
do for [i = 1:rows] { if (!(gbs[i] <= highest)) { highest = gbs[i] } }
k = 0
while (2**k < n[g]) { k = k + 1 }
size = (2**k == n[g]) ? sprintf("2^%d", k) : sprintf("%d", n[g])

# 2. The chart.
set datafile separator whitespace
set title sprintf("Reduction bandwidth per step: %s, %s, n = %s", device[g], type[g], size)
set ylabel "GB/s (median time)"
set xrange [-0.6 : bars - 0.4]
set yrange [0 : 1.3 * highest]
set xtics rotate by 30 right nomirror
set ytics nomirror
set grid ytics
set style fill solid 0.8 border -1
set boxwidth 0.7
set key inside top left horizontal
set lmargin 10
set bmargin 9
set rmargin 4
gpu(x, isGpu) = (isGpu != 0) ? x : NaN
cpu(x, isGpu) = (isGpu != 0) ? NaN : x
chart = "plot $bars using 0:(gpu($2, $3)):xtic(1) with boxes lc rgb '#4477aa' title 'GPU step', \
    $bars using 0:(cpu($2, $3)) with boxes lc rgb '#bbbbbb' title 'CPU (step01)', \
    $bars using 0:2:(sprintf($2 < 10 ? '%.2f' : '%.0f', $2)) with labels offset 0,0.7 notitle, \
    top with lines dt 2 lw 2 lc rgb '#cc3311' title (top == top ? sprintf('theoretical peak %.0f GB/s', top) : ''), \
    cub with lines dt 4 lw 2 lc rgb '#228833' title (cub == cub ? sprintf('CUB %.0f GB/s', cub) : '')"

set terminal pngcairo size 1000,650 font "sans,11" noenhanced
set output out . ".png"
eval chart
set terminal svg size 1000,650 font "sans,11" noenhanced
set output out . ".svg"
eval chart
unset output
