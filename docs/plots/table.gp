# The bandwidth table, as Markdown, from a CSV that scripts/tutorial.sh writes:
#   gnuplot -e "csv='build/results/tutorial.csv'; out='table.md'" docs/plots/table.gp
#
#   step | technique | time (ms) | GB/s | % of peak | step speedup | cumulative speedup
#   step speedup       = the previous step's median time / this step's
#   cumulative speedup = the first step's (step01's) median time / this step's
# The CUB row (step cub_reference) is the reference: it comes last, is compared with
# step01 only, and is never the "previous step" of another row.
# Nothing here depends on the date or the machine: the same CSV gives the same file.

set datafile separator ","

# 1. Read the CSV into arrays, one element per row (column numbers as in the header:
#    step,technique,device,compute_capability,multiprocessors,l2_bytes,peak_gbs,
#    cuda_runtime,cuda_driver,type,n,bytes,block,...,time_median_ms (18),...,gbs (21),
#    percent_of_peak (22),...).
stats csv skip 1 using (0) nooutput
rows = STATS_records
array step[rows]; array technique[rows]; array device[rows]; array cc[rows]
array sms[rows]; array peak[rows]; array runtime[rows]; array driver[rows]
array type[rows]; array n[rows]; array block[rows]; array ms[rows]
array gbs[rows]; array percent[rows]
r = 0
stats csv skip 1 using (r = r + 1, \
    step[r] = strcol(1), technique[r] = strcol(2), device[r] = strcol(3), \
    cc[r] = strcol(4), sms[r] = strcol(5), peak[r] = strcol(7), runtime[r] = strcol(8), \
    driver[r] = strcol(9), type[r] = strcol(10), n[r] = int(real(strcol(11))), \
    block[r] = strcol(13), ms[r] = real(strcol(18)), gbs[r] = real(strcol(21)), \
    percent[r] = strcol(22), 0) nooutput

isReference(i) = strstrt(step[i], "cub") == 1

# 2. The line above the table describes the first GPU row (step01 runs on the CPU).
g = 1
do for [i = rows:1:-1] { if (cc[i] ne "") { g = i } }
k = 0
while (2**k < n[g]) { k = k + 1 }
size = (2**k == n[g]) ? sprintf("2^%d", k) : sprintf("%d", n[g])
gpu = (cc[g] eq "") ? device[g] : \
      sprintf("%s (compute capability %d.%d, %s SMs, peak %s GB/s)", \
              device[g], int(cc[g]) / 10, int(cc[g]) % 10, sms[g], peak[g])
cuda = (driver[g] eq "") ? runtime[g] : sprintf("%s (driver %s)", runtime[g], driver[g])

# 3. One Markdown row; `stepx` and `total` are the speedups, already as text.
percentText(i) = (percent[i] eq "") ? "" : sprintf("%.2f", real(percent[i]))
row(i, name, stepx, total) = sprintf("| %s | %s | %.4f | %.2f | %s | %s | %s |", \
    step[i], name, ms[i], gbs[i], percentText(i), stepx, total)

set print out
blockText = (block[g] eq "") ? "" : ", block " . block[g]
print sprintf("%s, CUDA %s: %s, n = %s%s", gpu, cuda, type[g], size, blockText)
print ""
print "| step | technique | time (ms) | GB/s | % of peak | step speedup | cumulative speedup |"
print "|---|---|--:|--:|--:|--:|--:|"
first = 0; previous = 0
do for [i = 1:rows] {
    if (!isReference(i)) {
        if (first == 0) { first = ms[i] }
        stepx = (previous == 0) ? "" : sprintf("%.2f", previous / ms[i])
        print row(i, technique[i], stepx, sprintf("%.2f", first / ms[i]))
        previous = ms[i]
    }
}
do for [i = 1:rows] {
    if (isReference(i)) {
        print row(i, "reference: " . technique[i], "", sprintf("%.2f", first / ms[i]))
    }
}

# 4. Say where a row was measured differently from the line above the table.
notes = ""
do for [i = 1:rows] {
    if (device[i] ne device[g]) { notes = notes . sprintf("\n%s ran on %s.", step[i], device[i]) }
    if (type[i] ne type[g] || n[i] != n[g]) {
        notes = notes . sprintf("\n%s: %s, n = %d.", step[i], type[i], n[i])
    }
}
if (notes ne "") { print notes }
unset print
