// Experiment: what each of steps 04, 05 and 06 really changes on today's GPUs
// (docs/step04_divergence.md, docs/step05_bank_conflicts.md, docs/step06_first_add.md). Times,
// in one process and by the method of experiments/variant_timing.cuh, float at n = 2^10, 2^12,
// ... 2^30, block 256, each variant changing one thing of the step before it:
//   step03                 step03_multi_block/reduce.cuh itself (tid % (2*s) == 0)
//   step03 and-mask        step 03 with (tid & (2*s - 1)) == 0: no integer division, the same
//                          threads, the same tree (step03_and_mask.diff)
//   step04                 step04_divergence/reduce.cuh itself (index = 2*s*tid)
//   step04 padded          step 04 with every shared index through paddedIndex(): the same
//                          warps and tree without its bank conflicts (the solution of step 05's
//                          exercise 2, solutions/step05_bank_conflicts/exercise.cuh)
//   step04 swizzle off     step 04 with every shared index through swizzled(k, mask), mask 0:
//                          each cell its own word, step 04's bank conflicts
//   step04 swizzled        the same machine code, mask 31: the cells of a warp in 32 banks at
//                          every level, no conflicts; against "swizzle off" only the banks
//                          differ (step04_swizzled.diff)
//   step05                 step05_bank_conflicts/reduce.cuh itself
//   step06 one load        step 06 whose second load waits for the first: half the blocks and
//                          tree levels per element, one load in flight
//                          (step06_one_load_in_flight.diff)
//   step06                 step06_first_add/reduce.cuh itself
// The last column is step 03's time over the variant's (above 1: faster than step 03).
// Build and run from the repository root (CMake's target: experiment_steps03_to_06):
//   ./build/experiments/experiment_steps03_to_06 [--max 2^K] > steps03_to_06.csv
//   ./build/experiments/experiment_steps03_to_06 --profile   one checked run of each variant
//                                        at n = 2^24, for Nsight Compute (run.sh)
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "kernel_helpers.cuh"
#include "variant_timing.cuh"

// Each step's header in a namespace of its own, so their names do not clash. The headers' own
// includes are already in, so nothing else lands in the namespaces. The patched copies
// (step03_and_mask, step04_swizzled, step06_one_load_in_flight) are made by CMake from the .diff
// files here.
namespace step03 {
#include "step03_multi_block/reduce.cuh"
}
namespace step03AndMask {
#include "step03_and_mask/reduce.cuh"
}
namespace step04 {
#include "step04_divergence/reduce.cuh"
}
namespace step04Padded {
#include "solutions/step05_bank_conflicts/exercise.cuh"
}
namespace step04Swizzled {
#include "step04_swizzled/reduce.cuh"
}
namespace step05 {
#include "step05_bank_conflicts/reduce.cuh"
}
namespace step06OneLoad {
#include "step06_one_load_in_flight/reduce.cuh"
}
namespace step06 {
#include "step06_first_add/reduce.cuh"
}

constexpr int blockSize = 256;
constexpr std::size_t workspaceBytes = std::size_t(64) << 20;

// Step 04 with its cells swizzled by `mask` (0: none), the mask set before each call.
Variant swizzleVariant(const char* name, unsigned int mask)
{
    return {name, true, [mask](const void* input, std::size_t n, void* workspace, void* result) {
                step04Swizzled::swizzleMask = mask;
                step04Swizzled::reduce(static_cast<const float*>(input), n, blockSize, workspace,
                                       workspaceBytes, static_cast<float*>(result));
            }};
}

std::vector<Variant> variantList()
{
    return {stepVariant<step03AndMask::reduce<float>, blockSize, workspaceBytes>("step03 and-mask"),
            stepVariant<step04::reduce<float>, blockSize, workspaceBytes>("step04"),
            Variant{"step04 padded", true,
                    [](const void* input, std::size_t n, void* workspace, void* result) {
                        step04Padded::reduceStridedPadded(static_cast<const float*>(input), n,
                                                          blockSize, workspace,
                                                          static_cast<float*>(result));
                    }},
            swizzleVariant("step04 swizzle off", 0), swizzleVariant("step04 swizzled", 31),
            stepVariant<step05::reduce<float>, blockSize, workspaceBytes>("step05"),
            stepVariant<step06OneLoad::reduce<float>, blockSize, workspaceBytes>("step06 one load"),
            stepVariant<step06::reduce<float>, blockSize, workspaceBytes>("step06"),
            // the reference: last
            stepVariant<step03::reduce<float>, blockSize, workspaceBytes>("step03")};
}

int main(int argc, char** argv)
{
    if (argc == 2 && std::string(argv[1]) == "--profile") {
        const Platform platform = platformOrExit();
        for (const Variant& variant : variantList())  // each variant alone, n = 2^24, checked
            timeVariants<float>({variant}, "float", 24, 24, workspaceBytes, platform, 1);
        return exitVerified;
    }
    const int maxExponent = parseMaxExponent(argc, argv, 10);
    const Platform platform = platformOrExit();
    printVariantCsvHeader("step03");
    timeVariants<float>(variantList(), "float", 10, maxExponent, workspaceBytes, platform);
    return exitVerified;
}
