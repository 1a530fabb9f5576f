// Step 13: the sum over many GPUs. One MPI process (rank) per GPU; each rank makes only its
// own contiguous slice of the global input, sums it with step 12's kernel (included, not
// copied), and ncclAllReduce adds the per-GPU sums so that every rank holds the total.
//   ./step13_multi_gpu [options]                  one process, one GPU
//   mpirun -np K ./step13_multi_gpu [options]     K GPUs of a host, or of several hosts
// The options are every step's (--n is the global size), plus --combine: how the per-GPU
// sums are added: nccl-allreduce (default), nccl-reduce (to rank 0 only, which prints),
// or mpi-allreduce (copy to the host, MPI_Allreduce, copy back).
// The harness runs, checks, times and reports as for every step; this file hands it the
// ranks (struct MpiRanks): their slices, how they share small values, and the combine.
#include <mpi.h>
#include <nccl.h>

#include <algorithm>
#include <cstdio>
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

// Rank r holds elements [first, first + count) of the global input: n / K each, and the
// first n % K ranks one more. Any n works: n < K leaves ranks with nothing, n = 0 all.
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

// What step 13 hands the harness: the ranks of MPI_COMM_WORLD, one GPU each. It starts from
// the harness's one process (common/harness.cuh) and replaces what the ranks spread.
struct MpiRanks : OneProcess {
    static constexpr bool combines = true;
    enum class Combine { ncclAllReduce, ncclReduce, mpiAllReduce } how = Combine::ncclAllReduce;
    const char* combineName = "ncclAllReduce";
    int localRank = 0, localRanks = 1;  // among the ranks of this host
    ncclComm_t comm = nullptr;
    // NCCL runs on a stream of its own; reduce() launches on the default stream. Two events
    // order them: the combine after the slice's sum, and the default stream's next work (the
    // copy of the total, the next reduce(), which rewrites the sum) after the combine.
    cudaStream_t stream = nullptr;
    cudaEvent_t sliceDone = nullptr, combineDone = nullptr;

    MpiRanks()
    {
        technique = "per-GPU sums, ncclAllReduce";
        reservedDeviceBytes = std::size_t(512) << 20;  // the CUDA context and NCCL's buffers
        MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
        MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &count));
        // The ranks that can share memory are those of one host: local rank i takes GPU i.
        MPI_Comm host;
        MPI_CHECK(
            MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &host));
        MPI_CHECK(MPI_Comm_rank(host, &localRank));
        MPI_CHECK(MPI_Comm_size(host, &localRanks));
        MPI_CHECK(MPI_Comm_free(&host));
    }
    ~MpiRanks()
    {
        if (!comm) return;
        NCCL_CHECK(ncclCommDestroy(comm));
        CUDA_CHECK(cudaEventDestroy(sliceDone));
        CUDA_CHECK(cudaEventDestroy(combineDone));
        CUDA_CHECK(cudaStreamDestroy(stream));
    }

    Slice slice(std::size_t n) const { return sliceOf(n, rank, count); }
    void allGather(const void* mine, void* all, std::size_t bytes) const
    {
        MPI_CHECK(
            MPI_Allgather(mine, int(bytes), MPI_BYTE, all, int(bytes), MPI_BYTE, MPI_COMM_WORLD));
    }
    void barrier() const { MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD)); }
    // After ncclReduce rank 0 alone holds the total.
    bool holdsTotal(int r) const { return how != Combine::ncclReduce || r == 0; }

    std::vector<StepOption> stepOptions()
    {
        return {{"--combine", [this](const std::string& value) {
                     if (value == "nccl-allreduce") {
                         how = Combine::ncclAllReduce;
                         technique = "per-GPU sums, ncclAllReduce";
                         combineName = "ncclAllReduce";
                     } else if (value == "nccl-reduce") {
                         how = Combine::ncclReduce;
                         technique = "per-GPU sums, ncclReduce to rank 0";
                         combineName = "ncclReduce";
                     } else if (value == "mpi-allreduce") {
                         how = Combine::mpiAllReduce;
                         technique = "per-GPU sums, MPI_Allreduce on the host";
                         combineName = "MPI_Allreduce";
                     } else {
                         return "expected nccl-allreduce, nccl-reduce or mpi-allreduce";
                     }
                     return "";
                 }}};
    }
    std::string help() const
    {
        return "Step 13 only:\n"
               "  --combine C      how the per-GPU sums are added: nccl-allreduce (default),\n"
               "                   nccl-reduce (to rank 0) or mpi-allreduce (through the host)\n"
               "Run it as mpirun -np K ./step13_multi_gpu for K GPUs; --n is the global size.\n";
    }

    // One GPU per rank. Two ranks on one GPU would share its bandwidth and time each other.
    int selectDevice(const char* stepName)
    {
        int devices = 0;
        CUDA_CHECK(cudaGetDeviceCount(&devices));
        if (localRanks > devices) {
            if (localRank == 0)  // one line per host
                std::fprintf(stderr,
                             "%s: error: %d ranks on one host, but it has %d GPU(s): start at "
                             "most one rank per GPU\n",
                             stepName, localRanks, devices);
            return exitCudaError;
        }
        CUDA_CHECK(cudaSetDevice(localRank));
        return exitVerified;
    }

    // NCCL's communicator: rank 0 makes the unique id, MPI hands it to every rank.
    void connect()
    {
        ncclUniqueId id;
        if (rank == 0) NCCL_CHECK(ncclGetUniqueId(&id));
        MPI_CHECK(MPI_Bcast(&id, int(sizeof id), MPI_BYTE, 0, MPI_COMM_WORLD));
        NCCL_CHECK(ncclCommInitRank(&comm, count, id, rank));
        CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
        CUDA_CHECK(cudaEventCreateWithFlags(&sliceDone, cudaEventDisableTiming));
        CUDA_CHECK(cudaEventCreateWithFlags(&combineDone, cudaEventDisableTiming));
    }

    // The combine of the per-GPU sums. A rank with an empty slice still takes part: its sum
    // is 0 (step 12 writes 0 for n = 0).
    template <typename T>
    void combine(const T* sliceSum, T* total)
    {
        if (how == Combine::mpiAllReduce) {  // through the host, on the default stream
            T mine{}, sum{};
            CUDA_CHECK(cudaMemcpy(&mine, sliceSum, sizeof(T), cudaMemcpyDeviceToHost));
            MPI_CHECK(MPI_Allreduce(&mine, &sum, Wire<T>::count, Wire<T>::mpi(), MPI_SUM,
                                    MPI_COMM_WORLD));
            CUDA_CHECK(cudaMemcpy(total, &sum, sizeof(T), cudaMemcpyHostToDevice));
            return;
        }
        CUDA_CHECK(cudaEventRecord(sliceDone, 0));
        CUDA_CHECK(cudaStreamWaitEvent(stream, sliceDone, 0));
        if (how == Combine::ncclAllReduce)
            NCCL_CHECK(ncclAllReduce(sliceSum, total, Wire<T>::count, Wire<T>::nccl, ncclSum, comm,
                                     stream));
        else
            NCCL_CHECK(ncclReduce(sliceSum, total, Wire<T>::count, Wire<T>::nccl, ncclSum, 0, comm,
                                  stream));
        CUDA_CHECK(cudaEventRecord(combineDone, stream));
        CUDA_CHECK(cudaStreamWaitEvent(0, combineDone, 0));
    }
};

int main(int argc, char** argv)
{
    MPI_CHECK(MPI_Init(&argc, &argv));
    int status = exitVerified;
    {
        MpiRanks ranks;  // ends (its communicator with it) before MPI does
        status = runGpuStepOn(argc, argv, "step13_multi_gpu", ranks);
    }
    MPI_CHECK(MPI_Finalize());
    return status;
}
