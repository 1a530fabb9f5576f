// Experiment: step 12 against CUB for half and bfloat16 input, both adding in float (issue
// 27's target: step 12 at least as fast as CUB at every n from 2^20 to 2^30), and float at the
// same n, so that GB/s (bytes read / time) compares the types at equal bytes (a half at n
// reads what a float reads at n / 2). Every power of two from 2^10 to 2^30, step 12 (block
// 256, step12_single_pass/reduce.cuh as it is) and CUB (DeviceReduce::Reduce with
// cuda::std::plus<float> and 0.0f, as cub_reference/) timed in one process, in a fresh random
// order every round, every timed run checked against the exact sum
// (experiments/variant_timing.cuh, through ../step12_vs_cub/step12_experiment.cuh).
//   ./experiment_step12_vs_cub_16bit [--max 2^30] > step12_vs_cub_16bit.csv
#include "step12_experiment.cuh"

// Step 12 and, last, the reference.
template <typename T>
std::vector<Variant> variantList()
{
    return {step12Variant<T>(), cubVariant<T>()};
}

int main(int argc, char** argv)
{
    const int maxExponent = parseMaxExponent(argc, argv, 10);
    const Platform platform = platformOrExit();
    printVariantCsvHeader("cub");
    measureVariants<__half>("half", maxExponent, platform, 10, 1);
    measureVariants<__nv_bfloat16>("bf16", maxExponent, platform, 10, 1);
    measureVariants<float>("float", maxExponent, platform, 10, 1);
    return exitVerified;
}
