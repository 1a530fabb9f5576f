// Step 13: the sum over many GPUs. One MPI process (rank) per GPU; each rank makes only its
// own contiguous slice of the global input, sums it with step 12's kernel (included, not
// copied), and ncclAllReduce adds the per-GPU sums so that every rank holds the total.
//   ./step13_multi_gpu [options]                  one process, one GPU
//   mpirun -np K ./step13_multi_gpu [options]     K GPUs of a host, or of several hosts
// The options are every step's (--n is the global size), plus --combine: how the per-GPU
// sums are added: nccl-allreduce (default), nccl-reduce (to rank 0 only, which prints),
// or mpi-allreduce (copy to the host, MPI_Allreduce, copy back).
#include <mpi.h>
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../step12_single_pass/reduce.cuh"
#include "gpu_harness.cuh"

// Every MPI and NCCL call is checked; a failure ends every rank (MPI_Abort), never a hang.
#define MPI_CHECK(call)                                                                    \
    do {                                                                                   \
        int mpiStatus = (call);                                                            \
        if (mpiStatus != MPI_SUCCESS) {                                                    \
            char text[MPI_MAX_ERROR_STRING];                                               \
            int length = 0;                                                                \
            MPI_Error_string(mpiStatus, text, &length);                                    \
            std::fprintf(stderr, "error: MPI: %s in %s at %s:%d\n", text, #call, __FILE__, \
                         __LINE__);                                                        \
            MPI_Abort(MPI_COMM_WORLD, exitCudaError);                                      \
        }                                                                                  \
    } while (0)

#define NCCL_CHECK(call)                                                             \
    do {                                                                             \
        ncclResult_t ncclStatus = (call);                                            \
        if (ncclStatus != ncclSuccess) {                                             \
            std::fprintf(stderr, "error: NCCL: %s in %s at %s:%d\n",                 \
                         ncclGetErrorString(ncclStatus), #call, __FILE__, __LINE__); \
            MPI_Abort(MPI_COMM_WORLD, exitCudaError);                                \
        }                                                                            \
    } while (0)

static const char* stepName = "step13_multi_gpu";

struct World {
    int rank = 0, ranks = 1;            // in MPI_COMM_WORLD
    int localRank = 0, localRanks = 1;  // among the ranks of this host
};

// A decision every rank must take together: the worst status of all ranks (0 = go on).
// A rank that failed alone (no memory, no GPU) thus ends every rank, with its exit code.
int agreedStatus(int status)
{
    int worst = 0;
    MPI_CHECK(MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD));
    return worst;
}

// Rank r holds elements [first, first + count) of the global input: n / K each, and the
// first n % K ranks one more. Any n works: n < K leaves ranks with nothing, n = 0 all.
struct Slice {
    std::size_t first = 0, count = 0;
};

Slice sliceOf(std::size_t n, int rank, int ranks)
{
    const std::size_t base = n / ranks, extra = n % ranks, r = std::size_t(rank);
    return {r * base + std::min(r, extra), base + (r < extra ? 1 : 0)};
}

// NCCL and MPI name the element types themselves; a complex number is two reals, added
// component by component, which is what a complex sum is.
template <typename T>
struct Wire;
template <>
struct Wire<int> {
    static constexpr ncclDataType_t nccl = ncclInt32;
    static MPI_Datatype mpi() { return MPI_INT; }
    static constexpr int count = 1;
};
template <>
struct Wire<long long> {
    static constexpr ncclDataType_t nccl = ncclInt64;
    static MPI_Datatype mpi() { return MPI_LONG_LONG; }
    static constexpr int count = 1;
};
template <>
struct Wire<float> {
    static constexpr ncclDataType_t nccl = ncclFloat32;
    static MPI_Datatype mpi() { return MPI_FLOAT; }
    static constexpr int count = 1;
};
template <>
struct Wire<double> {
    static constexpr ncclDataType_t nccl = ncclFloat64;
    static MPI_Datatype mpi() { return MPI_DOUBLE; }
    static constexpr int count = 1;
};
template <typename Real>
struct Wire<Complex<Real>> {
    static constexpr ncclDataType_t nccl = Wire<Real>::nccl;
    static MPI_Datatype mpi() { return Wire<Real>::mpi(); }
    static constexpr int count = 2;
};

enum class Combine { ncclAllReduce, ncclReduce, mpiAllReduce };

// The references of the slices, added in rank order: the reference of the whole input.
template <typename T>
Reference<T> globalReference(const Reference<T>& local, const World& world)
{
    std::vector<Reference<T>> all(world.ranks);
    MPI_CHECK(MPI_Allgather(&local, int(sizeof local), MPI_BYTE, all.data(), int(sizeof local),
                            MPI_BYTE, MPI_COMM_WORLD));
    Reference<T> total;
    for (int c = 0; c < ElementTraits<T>::components; ++c) {
        double sum = 0, compensation = 0;
        for (const Reference<T>& part : all) {
            total.component[c].exactSum += part.component[c].exactSum;
            compensatedAdd(sum, compensation, part.component[c].sum);
            total.component[c].sumOfMagnitudes += part.component[c].sumOfMagnitudes;
        }
        total.component[c].sum = sum + compensation;
    }
    for (const Reference<T>& part : all) total.n += part.n;
    return total;
}

// The exact sum of the whole exact input: each rank sums its own slice in int64 (global
// indices slice.first ..), and the ranks add the sums, exactly (integer addition). Then the
// same element 0 is negated on every rank should a component's sum be 0: element 0 depends on
// the seed alone, so every rank takes the same decision without asking rank 0.
template <typename T>
ExactReference<T> globalExactReference(ExactInput& input, std::size_t n, const Slice& slice)
{
    constexpr int components = ElementTraits<T>::components;
    const ExactReference<T> local = exactSliceSum<T>(input, slice.first, slice.count);
    ExactReference<T> total;
    MPI_CHECK(
        MPI_Allreduce(local.sum, total.sum, components, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD));
    total.n = n;
    return makeExactSumNonzero(input, total);
}

template <typename T>
int runRanks(const Options& options, Combine combine, const World& world, ncclComm_t comm,
             const Platform& platform)
{
    const Slice slice = sliceOf(options.n, world.rank, world.ranks);

    // Memory: every rank checks its own; all go on only if every rank can.
    std::size_t freeBytes = 0, totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    const std::size_t reserve = std::size_t(512) << 20;  // the CUDA context and NCCL's buffers
    const std::size_t needed = slice.count * sizeof(T) +
                               workspaceBytes<T>(slice.count, options.blockSize) +
                               L2Evictor::bytesNeeded(platform.l2Bytes);
    int status = 0;
    if (needed + reserve > freeBytes) {
        std::fprintf(stderr,
                     "%s: error: rank %d: not enough device memory: its slice of %zu %s needs %s, "
                     "%s is free\n",
                     stepName, world.rank, slice.count, options.type.c_str(),
                     bytesText(double(needed)).c_str(), bytesText(double(freeBytes)).c_str());
        status = exitCudaError;
    }
    if ((status = agreedStatus(status)) != 0) return status;

    DeviceReduction<T> reduction(slice.count, options.blockSize);
    DeviceArray<T> total(1);
    cudaStream_t stream = 0;  // the legacy default stream, where reduce() launches

    const char* technique = combine == Combine::ncclAllReduce ? "per-GPU sums, ncclAllReduce"
                            : combine == Combine::ncclReduce
                                ? "per-GPU sums, ncclReduce to rank 0"
                                : "per-GPU sums, MPI_Allreduce on the host";
    RunRecord record = newRecord<T>(options, stepName, technique, platform);
    record.blockSize = options.blockSize;
    record.gpus = world.ranks;
    MPI_CHECK(MPI_Allreduce(&platform.peakGBs, &record.peakGBsOfAllGpus, 1, MPI_DOUBLE, MPI_SUM,
                            MPI_COMM_WORLD));

    // One reduction of the whole input: the slice's sum, then the combine. A rank with an
    // empty slice still takes part: its sum is 0 (step 12 writes 0 for n = 0).
    T hostPartial{};
    auto combineSums = [&]() {
        switch (combine) {
        case Combine::ncclAllReduce:
            NCCL_CHECK(ncclAllReduce(reduction.result.data(), total.data(), Wire<T>::count,
                                     Wire<T>::nccl, ncclSum, comm, stream));
            break;
        case Combine::ncclReduce:
            NCCL_CHECK(ncclReduce(reduction.result.data(), total.data(), Wire<T>::count,
                                  Wire<T>::nccl, ncclSum, 0, comm, stream));
            break;
        case Combine::mpiAllReduce: {
            T hostTotal{};
            CUDA_CHECK(cudaMemcpy(&hostPartial, reduction.result.data(), sizeof(T),
                                  cudaMemcpyDeviceToHost));
            MPI_CHECK(MPI_Allreduce(&hostPartial, &hostTotal, Wire<T>::count, Wire<T>::mpi(),
                                    MPI_SUM, MPI_COMM_WORLD));
            CUDA_CHECK(cudaMemcpy(total.data(), &hostTotal, sizeof(T), cudaMemcpyHostToDevice));
            break;
        }
        }
    };
    auto reduceAll = [&]() {
        reduction.run();
        combineSums();
    };
    auto fetchTotal = [&]() {
        CUDA_CHECK(cudaStreamSynchronize(stream));
        T value;
        CUDA_CHECK(cudaMemcpy(&value, total.data(), sizeof(T), cudaMemcpyDeviceToHost));
        return value;
    };
    // A checked run poisons the slice's sum and the total first (all bits set: NaN for floating
    // point), so that a value never written cannot pass by being left right from before.
    auto checkedRun = [&]() {
        CUDA_CHECK(cudaMemset(total.data(), 0xFF, sizeof(T)));
        CUDA_CHECK(cudaMemset(reduction.result.data(), 0xFF, sizeof(T)));
        reduceAll();
        return fetchTotal();
    };
    // Every rank's total, on every rank: each rank judges all of them, so the ranks reach one
    // verdict, and rank 0, which prints, reports a wrong total of any rank. After ncclReduce
    // rank 0 alone holds the total.
    auto holdsTotal = [&](int rank) { return combine != Combine::ncclReduce || rank == 0; };
    auto everyTotal = [&](const T& mine) {
        std::vector<T> all(world.ranks);
        MPI_CHECK(MPI_Allgather(&mine, int(sizeof mine), MPI_BYTE, all.data(), int(sizeof mine),
                                MPI_BYTE, MPI_COMM_WORLD));
        return all;
    };

    // Correctness: the exact input, whose sum no order rounds. Each rank makes its own slice
    // of it on its GPU; every total held must be the exact sum, bit for bit.
    ExactInput exactInput{options.seed, 0};
    const ExactReference<T> exactReference = globalExactReference<T>(exactInput, options.n, slice);
    bool sameBits = true;
    auto exactRun = [&]() {
        makeExactInputOnDevice(reduction.input.data(), slice.count, exactInput, slice.first);
        const std::vector<T> totals = everyTotal(checkedRun());
        int shown = 0;  // rank 0's total, or the first wrong one
        for (int r = 0; r < world.ranks; ++r) {
            if (!holdsTotal(r)) continue;
            if (!isExactSum(totals[r], exactReference) && isExactSum(totals[shown], exactReference))
                shown = r;
            // Every rank that holds the total must hold the same bits. On the exact input every
            // order of the combine gives the same bits (on the random input three or more sums
            // need not: tests/combine_order_tests.cu), so a difference is a wrong total.
            if (std::memcmp(&totals[r], &totals[0], sizeof(T)) != 0) {
                if (world.rank == 0)
                    std::fprintf(stderr, "%s: rank %d holds the total %s, rank 0 holds %s\n",
                                 stepName, r, valueText(totals[r]).c_str(),
                                 valueText(totals[0]).c_str());
                sameBits = false;
            }
        }
        addExactRun(record, totals[shown], exactReference);
    };
    exactRun();

    // Accuracy, and the timing: the random input, in the same memory. Its reference is the
    // references of the slices, added.
    const Reference<T> reference = globalReference(
        makeInputOnDevice(reduction.input.data(), slice.count, options.seed, slice.first), world);
    auto accuracyRun = [&](const T& mine) {
        const std::vector<T> totals = everyTotal(mine);
        for (int r = 0; r < world.ranks; ++r)
            if (holdsTotal(r)) addAccuracyRun(record, totals[r], reference);
    };
    accuracyRun(checkedRun());

    std::vector<double> timesMs, combineMs;
    if (!options.verifyOnly) {
        L2Evictor l2(platform.l2Bytes);
        record.iterations = options.iterations > 0 ? options.iterations
                                                   : chooseIterations(record.bytes / world.ranks);
        record.warmup = options.warmup;
        record.cache = "L2 emptied before each run";
        for (int i = 0; i < options.warmup; ++i) reduceAll();
        CUDA_CHECK(cudaStreamSynchronize(stream));
        cudaEvent_t sliceDone, combineDone;
        CUDA_CHECK(cudaEventCreate(&sliceDone));
        CUDA_CHECK(cudaEventCreate(&combineDone));
        for (int i = 0; i < record.iterations; ++i) {
            l2.evict();
            CUDA_CHECK(cudaStreamSynchronize(stream));
            // From a barrier to the total on this rank; the slowest rank's time is the time.
            MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));
            const auto start = std::chrono::steady_clock::now();
            reduction.run();
            CUDA_CHECK(cudaEventRecord(sliceDone, stream));
            combineSums();
            CUDA_CHECK(cudaEventRecord(combineDone, stream));
            CUDA_CHECK(cudaEventSynchronize(combineDone));
            double mine[2] = {
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count(),
                0};
            float combineTime = 0;
            CUDA_CHECK(cudaEventElapsedTime(&combineTime, sliceDone, combineDone));
            mine[1] = combineTime;
            double slowest[2];
            MPI_CHECK(MPI_Allreduce(mine, slowest, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD));
            timesMs.push_back(slowest[0]);
            combineMs.push_back(slowest[1]);
        }
        CUDA_CHECK(cudaEventDestroy(sliceDone));
        CUDA_CHECK(cudaEventDestroy(combineDone));
        record.timed = true;
        record.timing = summarize(timesMs);
        accuracyRun(fetchTotal());  // the last timed run must be right too: a race can pass once
    }

    // The exact input once more. Each workspace now holds the random input's partial sums, so
    // a run that reads a partial before it is written gets a wrong one and misses the exact
    // sum; with the same input in every run, the stale partial would have been the right one.
    exactRun();

    // One verdict for all: every rank judged every total, and the worst status decides, so
    // any rank's wrong result fails every rank.
    status = agreedStatus(record.passed() && sameBits ? 0 : exitWrongResult);
    if (world.rank == 0) {
        finishRun(record, options);
        if (record.timed) {
            const double gbs = record.gbs();
            std::fprintf(options.csv ? stderr : stdout,
                         "%s: %d GPU(s): %.1f GB/s in all, %.1f GB/s per GPU; combine (%s) "
                         "median %.2f us of the slowest rank\n",
                         stepName, world.ranks, gbs, gbs / world.ranks,
                         combine == Combine::ncclAllReduce ? "ncclAllReduce"
                         : combine == Combine::ncclReduce  ? "ncclReduce"
                                                           : "MPI_Allreduce",
                         summarize(combineMs).medianMs * 1e3);
        }
    }
    return status == 0 ? exitVerified : status;
}

// Takes --combine out of the arguments (the rest is every step's command line).
bool takeCombine(std::vector<char*>& arguments, Combine& combine, std::string& error)
{
    for (std::size_t i = 1; i < arguments.size(); ++i) {
        std::string argument = arguments[i], value;
        if (argument.rfind("--combine=", 0) == 0) {
            value = argument.substr(10);
            arguments.erase(arguments.begin() + i);
        } else if (argument == "--combine" && i + 1 < arguments.size()) {
            value = arguments[i + 1];
            arguments.erase(arguments.begin() + i, arguments.begin() + i + 2);
        } else if (argument == "--combine") {
            error = "--combine needs a value: nccl-allreduce, nccl-reduce or mpi-allreduce";
            return false;
        } else {
            continue;
        }
        if (value == "nccl-allreduce")
            combine = Combine::ncclAllReduce;
        else if (value == "nccl-reduce")
            combine = Combine::ncclReduce;
        else if (value == "mpi-allreduce")
            combine = Combine::mpiAllReduce;
        else {
            error =
                "--combine " + value + ": expected nccl-allreduce, nccl-reduce or mpi-allreduce";
            return false;
        }
        --i;
    }
    return true;
}

// The lowest rank for which the condition holds, or world.ranks if it holds on none.
int firstRankWhere(bool condition, const World& world)
{
    int mine = condition ? world.rank : world.ranks, first = world.ranks;
    MPI_CHECK(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    return first;
}

int runStep(int argc, char** argv, const World& world)
{
    // Each rank reads its own command line (mpirun can start ranks with different ones), and
    // the ranks agree on it before anything else: a line that one rank refuses must end every
    // rank, not leave the others waiting in a collective. One line on stderr says why.
    std::vector<char*> arguments(argv, argv + argc);
    Combine combine = Combine::ncclAllReduce;
    std::string error;
    ParsedCommandLine parsed;
    if (takeCombine(arguments, combine, error)) {
        parsed = parseCommandLine(int(arguments.size()), arguments.data());
        error = parsed.error;
    }
    const Options options = parsed.options;
    if (error.empty() && options.blockSize < minBlockSize)
        error = "--block " + std::to_string(options.blockSize) + ": this step needs at least " +
                std::to_string(minBlockSize) + " threads per block";
    const int refusing = firstRankWhere(!error.empty(), world);
    if (refusing < world.ranks) {
        if (world.rank == refusing)
            std::fprintf(stderr, "%s: error: %s%s\n", stepName,
                         refusing == 0 ? "" : ("rank " + std::to_string(refusing) + ": ").c_str(),
                         error.c_str());
        return exitBadUsage;
    }
    // --help and --csv-header: the first rank that asks prints, and every rank stops.
    const int asking = firstRankWhere(options.help || options.csvHeader, world);
    if (asking < world.ranks) {
        if (world.rank == asking && options.help)
            std::printf("%s%s", usage(stepName).c_str(),
                        "Step 13 only:\n"
                        "  --combine C      how the per-GPU sums are added: nccl-allreduce "
                        "(default),\n"
                        "                   nccl-reduce (to rank 0) or mpi-allreduce (through "
                        "the host)\n"
                        "Run it as mpirun -np K ./step13_multi_gpu for K GPUs; --n is the global "
                        "size.\n");
        else if (world.rank == asking)
            std::puts(csvHeader().c_str());
        return exitVerified;
    }
    // Only rank 0 prints the report (a failure here is agreed on with the device's below).
    int status = 0;
    if (world.rank != 0 && !std::freopen("/dev/null", "w", stdout)) status = exitCudaError;

    // One GPU per rank: local rank i takes GPU i of its host.
    std::string reason;
    int devices = 0;
    if (!cudaDevicePresent(&reason)) {
        if (world.localRank == 0)  // one line per host
            std::fprintf(stderr, "%s: error: rank %d: no CUDA device found (%s)\n", stepName,
                         world.rank, reason.c_str());
        status = exitCudaError;
    } else {
        CUDA_CHECK(cudaGetDeviceCount(&devices));
        if (world.localRanks > devices) {
            if (world.localRank == 0)
                std::fprintf(stderr,
                             "%s: error: %d ranks on one host, but it has %d GPU(s): start at "
                             "most one rank per GPU\n",
                             stepName, world.localRanks, devices);
            status = exitCudaError;
        }
    }
    if ((status = agreedStatus(status)) != 0) return status;
    CUDA_CHECK(cudaSetDevice(world.localRank));
    const Platform platform = queryPlatform();

    // NCCL's communicator: rank 0 makes the unique id, MPI hands it to every rank.
    ncclUniqueId id;
    if (world.rank == 0) NCCL_CHECK(ncclGetUniqueId(&id));
    MPI_CHECK(MPI_Bcast(&id, int(sizeof id), MPI_BYTE, 0, MPI_COMM_WORLD));
    ncclComm_t comm;
    NCCL_CHECK(ncclCommInitRank(&comm, world.ranks, id, world.rank));

    withElementType(options.type, [&](auto element) {
        status = runRanks<decltype(element)>(options, combine, world, comm, platform);
    });
    NCCL_CHECK(ncclCommDestroy(comm));
    return status;
}

int main(int argc, char** argv)
{
    MPI_CHECK(MPI_Init(&argc, &argv));
    World world;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &world.rank));
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &world.ranks));
    MPI_Comm host;
    MPI_CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world.rank, MPI_INFO_NULL,
                                  &host));
    MPI_CHECK(MPI_Comm_rank(host, &world.localRank));
    MPI_CHECK(MPI_Comm_size(host, &world.localRanks));
    MPI_CHECK(MPI_Comm_free(&host));
    const int status = runStep(argc, argv, world);
    MPI_CHECK(MPI_Finalize());
    return status;
}
