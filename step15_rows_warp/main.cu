// step15 of the tutorial (Part II); the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "rows_harness.cuh"

int main(int argc, char** argv)
{
    return runRowStep(argc, argv, "step15_rows_warp",
                      "threads per row by its length: 8 lanes, a warp or a block");
}
