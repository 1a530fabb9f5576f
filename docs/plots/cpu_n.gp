# Step 01's bandwidth against the size of the array: the serial loop on one CPU core, from the
# step01_cpu_serial rows of a sweep_n.csv. caches: the data caches of one core of the machine
# that ran it, NAME:BYTES each ('' if not recorded; scripts/plot.sh reads host_caches.txt),
# each marked with a dashed line: to its right the array no longer fits in that cache.
load ARG0[1:strlen(ARG0) - strlen("cpu_n.gp")] . "palette.gp"

cpu = "--where step=step01_cpu_serial"
eval terminal("size 1000,550 font 'sans,10'")
set title sprintf("Step 01, the serial loop: bandwidth against the array's size on %s", \
                  firstValue("device", cpu, csv)) noenhanced
set logscale x 2
set xrange [2**11 : 2**33]
set xtics ("4 KiB" 2**12, "32 KiB" 2**15, "256 KiB" 2**18, "2 MiB" 2**21, "16 MiB" 2**24, \
           "128 MiB" 2**27, "1 GiB" 2**30, "8 GiB" 2**33)
set xlabel "bytes summed (n x element size)"
set ylabel "GB/s (median time)"
set yrange [0:*]
set key inside right top title "element type"
do for [i = 1:words(caches)] {
    name = word(caches, i)[1:strstrt(word(caches, i), ":") - 1]
    bytes = real(word(caches, i)[strstrt(word(caches, i), ":") + 1:])
    set arrow i from bytes, graph 0 to bytes, graph 1 nohead dt 2 lc rgb "#888888"
    size = bytes < 2**20 ? sprintf("%g KiB", bytes / 2**10) : sprintf("%g MiB", bytes / 2**20)
    set label i name . ": " . size at bytes, graph 0.05 left rotate by 90 offset -0.4,0 \
        tc rgb "#555555"
}
plot select("bytes,gbs", cpu, csv) using "bytes":"gbs" with linespoints lw 2 ps 1 pt 7 \
     lc rgb colour("step01_cpu_serial") title firstValue("type", cpu, csv)
