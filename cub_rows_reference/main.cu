// The CUB reference row of Part II; the call is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "rows_harness.cuh"

int main(int argc, char** argv)
{
    return runRowStep(argc, argv, "cub_rows_reference",
                      "CUB DeviceSegmentedReduce::Reduce; a segment per row (own block size)");
}
