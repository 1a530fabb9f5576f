# Step 13 in one picture: the global array cut into contiguous slices (n = 10 over K = 4
# ranks, as sliceOf cuts it: the first n % K ranks take one element more), each rank's GPU
# summing its slice with step 12, and ncclAllReduce leaving the total on every rank.
set terminal pngcairo size 1500,700 font "Sans,13" background rgb "white" noenhanced
set output out
unset key; unset border; unset tics
set xrange [-0.5:16.5]
set yrange [-0.6:8.2]
set title "step13: each rank sums its own slice with step 12 on its own GPU; ncclAllReduce gives every rank the total" font "Sans,15"
colour(r) = r == 0 ? 0xcfe2f3 : r == 1 ? 0xd9ead3 : r == 2 ? 0xfff2cc : 0xf4cccc
first(r) = r * 2 + (r < 2 ? r : 2)        # sliceOf(10, r, 4).first
count(r) = 2 + (r < 2 ? 1 : 0)            # sliceOf(10, r, 4).count
rank(i) = i < 3 ? 0 : i < 6 ? 1 : i < 8 ? 2 : 3
cellx(i) = 3 + i                          # the array, element i at x = 3 + i
centre(r) = 0.75 + 4.25 * r               # rank r's column

# The global array: element i lies in rank(i)'s slice, made by that rank only.
do for [i = 0:9] {
    set object 100 + i rectangle from cellx(i), 7 to cellx(i) + 1, 7.8 fc rgb colour(rank(i)) fs solid border lc rgb "#555555"
    set label 100 + i sprintf("x%d", i) at cellx(i) + 0.5, 7.4 center
}
set label 99 "the global array, n = 10 (the same values as every step for this seed)" at 8, 8.05 center font "Sans,12"

do for [r = 0:3] {
    # slice -> the rank's GPU
    set arrow 10 + r from cellx(first(r)) + count(r) / 2.0, 7 to centre(r) + 1.5, 6.1 head size 0.15,20 filled lc rgb "#777777"
    set object 10 + r rectangle from centre(r), 4.7 to centre(r) + 3, 6.1 fc rgb colour(r) fs solid border lc rgb "#555555"
    set label 10 + r sprintf("rank %d, GPU %d\nmakes x%d..x%d (%d elements)\nstep 12's reduce()", r, r, first(r), first(r) + count(r) - 1, count(r)) at centre(r) + 1.5, 5.4 center font "Sans,11"
    # the partial sum on the GPU
    set arrow 20 + r from centre(r) + 1.5, 4.7 to centre(r) + 1.5, 4.0 head size 0.15,20 filled lc rgb "#777777"
    set label 20 + r sprintf("s%d = x%d + ... + x%d\n(device memory)", r, first(r), first(r) + count(r) - 1) at centre(r) + 1.5, 3.55 center font "Sans,11"
    # into the collective and back out
    set arrow 30 + r from centre(r) + 1.5, 3.0 to centre(r) + 1.5, 2.35 head size 0.15,20 filled lc rgb "#777777"
    set arrow 40 + r from centre(r) + 1.5, 1.25 to centre(r) + 1.5, 0.6 head size 0.15,20 filled lc rgb "#777777"
    set label 40 + r sprintf("rank %d: s0 + s1 + s2 + s3", r) at centre(r) + 1.5, 0.25 center font "Sans,11"
}
set object 50 rectangle from 0.75, 1.25 to 16.25, 2.35 fc rgb 0xeeeeee fs solid border lc rgb "#555555"
set label 50 "ncclAllReduce(result, total, count, type, ncclSum, comm, stream): NVLink or PCIe between GPUs of a host, the network between hosts;\nNCCL picks the order of the three additions (its algorithm), so the step checks that the bits repeat" at 8.5, 1.8 center font "Sans,12"
plot NaN
