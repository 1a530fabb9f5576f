# Step 12 against CUB at a glance (run.sh draws out.png and out.svg from the CSV `csv` of one
# GPU): CUB's time / step 12's time (cub_time_over_time) against n for int, float and double,
# the line 1 (CUB), and two bounds, thin: "ticket only" (no finish by a last block can be
# faster) and "no final pass" (finishing made free). The bounds are drawn from 2^14 on: below,
# their last, partial tile is loaded one vector after the other, step 12's is not (the page).
load ARG0[1:strlen(ARG0) - strlen("step12_vs_cub.gp")] . "../../docs/plots/palette.gp"
set logscale x 2
set format x "2^{%L}"
set xtics 2**10, 4, 2**30
set xrange [2**9.6 : 2**30.4]
set yrange [*<0.8 : 1.8<*]
set ytics 0.1 format "%.1f"
set xlabel "n (elements of the type)"
set ylabel "CUB's time / the variant's time"
set title sprintf("%s: above 1, faster than CUB (median times, L2 emptied before each run)", \
                  firstValue("device", "", csv)) noenhanced
set key at graph 0.99, graph 0.87 right top box opaque spacing 1.2 samplen 3 width -2
# The page's three ranges of n, each named at the top.
set arrow 1 from 2**13, graph 0 to 2**13, graph 1 nohead dt 3 lc rgb "#aaaaaa"
set arrow 2 from 2**23, graph 0 to 2**23, graph 1 nohead dt 3 lc rgb "#aaaaaa"
set label 1 "one launch\nagainst one" at 2**11.5, graph 0.96 center
set label 2 "mid sizes: the finish weighs most" at 2**18, graph 0.96 center
set label 3 "large: DRAM is the limit" at 2**26.5, graph 0.96 center
types = "int float double"
# A point type per element type: filled on step 12, the same shape open (- 1) on the bounds.
typePoint(i) = word("5 7 9", i) + 0
rows(variant, type, from) = select("n,cub_time_over_time", \
    sprintf("--where 'variant=%s' --where type=%s --where 'n>=%d'", variant, type, from), csv)
step12 = colour("step12_single_pass")
grey = 0x666666
do for [format in "png svg"] {
    eval terminal("size 1280,720 font 'sans,17'")
    plot 1 with lines lw 3 dt dash("cub") lc rgb colour("cub") title "CUB (= 1)", \
         for [i = 1:3] rows("step12", word(types, i), 0) using "n":"cub_time_over_time" \
             with linespoints lw 3.5 pt typePoint(i) ps 1.8 lc rgb step12 \
             title "step 12, " . word(types, i), \
         for [i = 1:3] rows("no final pass", word(types, i), 2**14) \
             using "n":"cub_time_over_time" with linespoints lw 2 dt 3 pt typePoint(i) - 1 \
             ps 1.1 lc rgb grey title i == 1 ? "no final pass" : "", \
         for [i = 1:3] rows("ticket only", word(types, i), 2**14) \
             using "n":"cub_time_over_time" with linespoints lw 2 dt 2 pt typePoint(i) - 1 \
             ps 1.1 lc rgb grey title i == 1 ? "ticket only" : ""
}
