// The bits of a sum over K ranks (MPI processes), K = 1, 2, 3, ...: each rank sums its slice of
// the same numbers (step 13's slices: n / K each, the first n % K ranks one more), the ranks
// exchange what they hold (MPI_Allgather) and every rank adds those in rank order. Built twice:
// - against step 12b's reduce.cuh (ranks_step12b): a rank hands on the bins of its sum (the
//   workspace's first slot, finish() in reduce.cuh), merged before the one rounding;
// - against step 12's (ranks_step12): a rank hands on its rounded float or double, as step
//   13's combine does.
// Rank 0 prints one CSV row per run. The ranks may share one GPU: only the bits are compared
// here, no time. Usage: mpirun -np K ranks_step12b --type float|double --log-n K [--orders M]
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "reduce.cuh"
#include "gpu_harness.cuh"

#include "orders.cuh"

#define MPI_CHECK(call)                                                                   \
    do {                                                                                  \
        if ((call) != MPI_SUCCESS) {                                                      \
            std::fprintf(stderr, "error: MPI: %s at %s:%d\n", #call, __FILE__, __LINE__); \
            MPI_Abort(MPI_COMM_WORLD, exitCudaError);                                     \
        }                                                                                 \
    } while (0)

// What a rank hands on, and how the ranks' are added: the bins (step 12b) or the float.
#ifdef REPRODUCIBLE_SUM
template <typename Real>
using Handed = BinnedSum<Real>;

template <typename Real>
Handed<Real> handedOn(DeviceReduction<Real>& reduction)
{
    ReproducibleSum<Real> whole;
    CUDA_CHECK(cudaMemcpy(&whole, wholeSumIn<Real>(reduction.workspace.data()), sizeof whole,
                          cudaMemcpyDeviceToHost));
    return whole.part[0];
}

template <typename Real>
Real addInRankOrder(const std::vector<Handed<Real>>& all)
{
    BinnedSum<Real> total;
    for (const BinnedSum<Real>& sum : all) total.merge(sum);
    return total.value();  // the one rounding
}
#else
template <typename Real>
using Handed = Real;

template <typename Real>
Handed<Real> handedOn(DeviceReduction<Real>& reduction)
{
    return reduction.fetchResult();
}

template <typename Real>
Real addInRankOrder(const std::vector<Handed<Real>>& all)
{
    Real total = 0;
    for (Real sum : all) total += sum;
    return total;
}
#endif

template <typename Real>
void printBits(const char* program, int rank, int ranks, std::size_t n, int orders)
{
    const std::uint64_t seed = 2026;  // bits.cu's: the same numbers as bits.csv
    const std::string device = queryPlatform().deviceName;
    const std::size_t base = n / ranks, extra = n % ranks, r = std::size_t(rank);
    const std::size_t first = r * base + std::min(r, extra), count = base + (r < extra ? 1 : 0);
    for (InputKind kind : {InputKind::uniform, InputKind::wide, InputKind::cancellation}) {
        for (int blockSize : {32, 256, 1024}) {
            DeviceReduction<Real> reduction(count, blockSize);
            for (const InputOrder& order : inputOrders(n, orders)) {
                makeOrderedSlice(reduction.input.data(), first, count, n, kind, seed, order);
                reduction.runAndFetch();
                const Handed<Real> mine = handedOn(reduction);
                std::vector<Handed<Real>> all(ranks);
                MPI_CHECK(MPI_Allgather(&mine, int(sizeof mine), MPI_BYTE, all.data(),
                                        int(sizeof mine), MPI_BYTE, MPI_COMM_WORLD));
                const Real total = addInRankOrder(all);
                std::uint64_t bits = 0;
                std::memcpy(&bits, &total, sizeof total);
                if (rank == 0)
                    std::printf("%s,%s,%d,%s,%zu,%s,%s,%d,%0*llx,%.17g\n", program, device.c_str(),
                                ranks, ElementTraits<Real>::name, n, kindName(kind),
                                orderText(order).c_str(), blockSize, int(2 * sizeof(Real)),
                                (unsigned long long)bits, double(total));
            }
        }
    }
}

int run(int argc, char** argv, int rank, int ranks)
{
    std::string type = "float";
    int logN = 20, orders = 2;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        if (option == "--type")
            type = argv[i + 1];
        else if (option == "--log-n")
            logN = std::atoi(argv[i + 1]);
        else if (option == "--orders")
            orders = std::atoi(argv[i + 1]);
        else
            logN = -1;  // an unknown option: the usage line below
    }
    if (argc % 2 == 0 || logN < 0 || logN > 32 || orders < 1 ||
        (type != "float" && type != "double")) {
        if (rank == 0)
            std::fprintf(stderr,
                         "usage: mpirun -np K %s --type float|double --log-n K (0..32) "
                         "[--orders M]\n",
                         argv[0]);
        return exitBadUsage;
    }
    std::string reason;
    int devices = 0;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "%s: no CUDA device (%s)\n", argv[0], reason.c_str());
        return exitCudaError;
    }
    CUDA_CHECK(cudaGetDeviceCount(&devices));
    CUDA_CHECK(cudaSetDevice(rank % devices));  // ranks beyond the GPUs share them
    const char* program = std::strrchr(argv[0], '/') ? std::strrchr(argv[0], '/') + 1 : argv[0];
    const std::size_t n = std::size_t(1) << logN;
    if (type == "float")
        printBits<float>(program, rank, ranks, n, orders);
    else
        printBits<double>(program, rank, ranks, n, orders);
    return exitVerified;
}

int main(int argc, char** argv)
{
    MPI_CHECK(MPI_Init(&argc, &argv));
    int rank = 0, ranks = 1;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &ranks));
    const int status = run(argc, argv, rank, ranks);
    // Every rank sees the same arguments and devices, so every rank returns the same status.
    MPI_CHECK(MPI_Finalize());
    return status;
}
