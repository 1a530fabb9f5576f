// The bits of one program's sum for every block size and several orders of the same numbers,
// at sizes up to 2^30 (docs/step12b_reproducible_sum.md): one CSV row per run. Built twice,
// against step 12b's reduce.cuh (bits_step12b) and step 12's (bits_step12), so the same
// inputs show which keeps its bits. Usage: bits_step12b --type float|double --log-n K [--orders M]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "reduce.cuh"
#include "gpu_harness.cuh"

#include "orders.cuh"

template <typename Real>
int printBits(const char* program, std::size_t n, int orders)
{
    const std::uint64_t seed = 2026;
    const std::string device = queryPlatform().deviceName;
    for (InputKind kind : {InputKind::uniform, InputKind::wide, InputKind::cancellation}) {
        for (int blockSize = minBlockSize; blockSize <= largestBlockSize; blockSize *= 2) {
            DeviceReduction<Real> reduction(n, blockSize);
            for (const InputOrder& order : inputOrders(n, orders)) {
                makeOrderedInput(reduction.input.data(), n, kind, seed, order);
                const Real result = reduction.runAndFetch();
                std::uint64_t bits = 0;
                std::memcpy(&bits, &result, sizeof result);
                std::printf("%s,%s,%s,%zu,%s,%s,%d,%0*llx,%.17g\n", program, device.c_str(),
                            ElementTraits<Real>::name, n, kindName(kind), orderText(order).c_str(),
                            blockSize, int(2 * sizeof(Real)), (unsigned long long)bits,
                            double(result));
            }
        }
    }
    return 0;
}

int main(int argc, char** argv)
{
    std::string type = "float";
    int logN = 20, orders = 4;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        if (option == "--type")
            type = argv[i + 1];
        else if (option == "--log-n")
            logN = std::atoi(argv[i + 1]);
        else if (option == "--orders")
            orders = std::atoi(argv[i + 1]);
        else {
            std::fprintf(stderr, "%s: unknown option %s\n", argv[0], argv[i]);
            return exitBadUsage;
        }
    }
    if (argc % 2 == 0 || logN < 0 || logN > 32 || orders < 1 ||
        (type != "float" && type != "double")) {
        std::fprintf(stderr, "usage: %s --type float|double --log-n K (0..32) [--orders M]\n",
                     argv[0]);
        return exitBadUsage;
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "%s: no CUDA device (%s)\n", argv[0], reason.c_str());
        return exitCudaError;
    }
    const char* program = std::strrchr(argv[0], '/') ? std::strrchr(argv[0], '/') + 1 : argv[0];
    const std::size_t n = std::size_t(1) << logN;
    return type == "float" ? printBits<float>(program, n, orders)
                           : printBits<double>(program, n, orders);
}
