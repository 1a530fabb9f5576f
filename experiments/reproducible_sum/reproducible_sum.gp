# Step 12b's cost at a glance (run.sh draws out.png and out.svg from bandwidth.csv, `csv`, of
# one GPU): GB/s against n for step 12, step 12b, CUB and CUB's gpu_to_gpu, one panel per
# element type; a run whose result failed its check (verified = no) is left out and named.
# CUB's gpu_to_gpu (the 4th program) is drawn grey, dash-dotted: CUB's black is the default's.
load ARG0[1:strlen(ARG0) - strlen("reproducible_sum.gp")] . "../../docs/plots/palette.gp"
programs = "step12_single_pass step12b_reproducible_sum cub_reference cub_gpu_to_gpu"
names = "'step 12' 'step 12b (reproducible)' 'CUB' 'CUB gpu\\_to\\_gpu (reproducible)'"
lineDash(i) = i == 4 ? 4 : dash(word(programs, i))
linePoint(i) = i == 4 ? 8 : point(word(programs, i))
lineColour(i) = i == 4 ? 0x777777 : colour(word(programs, i))
types = "float double"  # the types CUB's gpu_to_gpu takes
rows(program, type) = select("n,gbs", \
    sprintf("--where step=%s --where type=%s --where verified=yes", program, type), csv)
wrong = system(select("step,type,n", "--where verified=no", csv)[3:] . \
               " | awk -F, 'NR > 1 { printf \"%s%s %s at 2^%d\", sep, $1, $2, log($3) / log(2) + 0.5; sep = \"; \" }'")
set logscale x 2
set format x "2^{%L}"
set xtics (2**28, 2**29, 2**30)
set xrange [2**27.7 : 2**30.3]
set xlabel "n (elements of the type)"
set ylabel "GB/s (median, L2 emptied before each run)"
set key bottom right box opaque
do for [format in "png svg"] {
    eval terminal("size 1280,600 font 'sans,15'")
    set multiplot layout 1, words(types) \
        title sprintf("%s: the price of the same bits everywhere%s", firstValue("device", "", csv), \
                      wrong eq "" ? "" : "\n(wrong result, not drawn: " . wrong . ")") noenhanced
    do for [t = 1:words(types)] {
        set title word(types, t)
        set yrange [0 : 5000]
        plot for [i = 1:words(programs)] rows(word(programs, i), word(types, t)) \
            using "n":"gbs" with linespoints lw 3 dt lineDash(i) pt linePoint(i) ps 1.8 \
            lc rgb lineColour(i) title word(names, i)
    }
    unset multiplot
}
