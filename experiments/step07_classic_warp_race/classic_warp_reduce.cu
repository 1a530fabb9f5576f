// Kernel 5 of Harris, Optimizing Parallel Reduction in CUDA (2007), "unroll the last warp":
// the last six levels run in one warp with `volatile` shared memory and no synchronization,
// relying on the 32 threads of a warp executing in lockstep. Since Volta (compute
// capability 7.0) threads of a warp are scheduled independently, so this is a data race.
// NOT a step of the tutorial: a demonstration for docs/step07_warp_unroll.md, to run under
// compute-sanitizer. step07_warp_unroll/reduce.cuh is the correct version.
// Build (from the repository root; CMake builds it too, into build/experiments/) and run:
//   nvcc -std=c++17 -O3 -arch=native -lineinfo -I common -o classic_warp_reduce
//        experiments/step07_classic_warp_race/classic_warp_reduce.cu   (one command)
//   ./classic_warp_reduce                          # the classic code, 100 runs checked
//   compute-sanitizer --tool racecheck ./classic_warp_reduce --iters 1
//   ./classic_warp_reduce --variant no-volatile    # volatile dropped too: wrong sums
//   ./classic_warp_reduce --variant synced         # step07's __syncwarp() version
// Every run is judged on the harness's exact input (common/data.cuh), bit for bit: its sum
// is exact in every order, so any sum but the exact one is wrong. Options: --variant
// classic|no-volatile|synced (default classic), --iters R (runs, default 100), and the
// tutorial's --n, --block (64 to 1024), --type (int, int64, float, double), --seed. Exit
// code 0: every run exact, 1: some run wrong, 2: bad usage, 3: no CUDA device.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_helpers.cuh"

// The warp stage reads sharedPartials[tid + 32], so a block needs at least 64 threads.
constexpr int minBlockSize = 64;

enum class WarpStage { classic, noVolatile, synced };

// BEGIN excerpt classic
// Harris, kernel 5: "volatile" keeps every access in shared memory, but nothing makes
// thread tid wait for thread tid + 16 to have written its level-1 sum before reading it.
template <typename T>
__device__ void warpReduceClassic(volatile T* sdata, unsigned int tid)
{
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}
// END excerpt classic

// BEGIN excerpt no-volatile
// The same without volatile: the compiler may keep sdata[tid] in a register and load the
// neighbours' cells before they are written, whatever the scheduler does.
template <typename T>
__device__ void warpReduceNoVolatile(T* sdata, unsigned int tid)
{
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}
// END excerpt no-volatile

// step07's version: read, sync the warp, write, sync the warp.
template <typename T>
__device__ void warpReduceSynced(T* sharedPartials, unsigned int tid)
{
    T sum = sharedPartials[tid];
    // clang-format off
    sum += sharedPartials[tid + 32]; __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 16]; __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 8];  __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 4];  __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 2];  __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 1];  __syncwarp(); sharedPartials[tid] = sum;
    // clang-format on
}

// step07_warp_unroll's kernel, with the warp stage chosen by the template parameter.
template <WarpStage stage, typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * (blockDim.x * 2) + threadIdx.x;
    T sum = (i < n) ? input[i] : T(0);
    if (i + blockDim.x < n) sum += input[i + blockDim.x];
    sharedPartials[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sharedPartials[tid] += sharedPartials[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        if constexpr (stage == WarpStage::classic) warpReduceClassic(sharedPartials, tid);
        if constexpr (stage == WarpStage::noVolatile) warpReduceNoVolatile(sharedPartials, tid);
        if constexpr (stage == WarpStage::synced) warpReduceSynced(sharedPartials, tid);
    }

    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

WarpStage selectedStage = WarpStage::classic;

template <typename T>
std::size_t workspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, 2 * blockSize);
}

template <WarpStage stage, typename T>
void launchPasses(const T* input, std::size_t n, int blockSize, void* workspace, T* result)
{
    const std::size_t elementsPerBlock = 2 * blockSize;
    const T* passInput = input;
    T* passOutput = static_cast<T*>(workspace);
    std::size_t count = n;
    while (count > elementsPerBlock) {
        unsigned int blocks = unsigned(ceilDiv(count, elementsPerBlock));
        reduceKernel<stage>
            <<<blocks, blockSize, blockSize * sizeof(T)>>>(passInput, passOutput, count);
        CUDA_CHECK_LAUNCH();
        passInput = passOutput;
        passOutput += blocks;
        count = blocks;
    }
    reduceKernel<stage><<<1, blockSize, blockSize * sizeof(T)>>>(passInput, result, count);
    CUDA_CHECK_LAUNCH();
}

// The harness compiles every element type, but `volatile Complex<T>` has no +=, and the
// classic code sums in the element type (a 16-bit one would stall): main() refuses those
// types, so they never get here.
template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace,
            std::size_t /*workspaceSize*/, Accumulator<T>* result)
{
    if constexpr (std::is_arithmetic_v<T>) {
        switch (selectedStage) {
        case WarpStage::classic:
            launchPasses<WarpStage::classic>(input, n, blockSize, workspace, result);
            break;
        case WarpStage::noVolatile:
            launchPasses<WarpStage::noVolatile>(input, n, blockSize, workspace, result);
            break;
        case WarpStage::synced:
            launchPasses<WarpStage::synced>(input, n, blockSize, workspace, result);
            break;
        }
    } else {
        std::fprintf(stderr, "classic_warp_reduce: scalar types only\n");
        std::exit(exitBadUsage);
    }
}

#include "gpu_harness.cuh"

namespace {

const char* describe(WarpStage stage)
{
    switch (stage) {
    case WarpStage::classic: return "classic (volatile, no __syncwarp)";
    case WarpStage::noVolatile: return "no-volatile (neither volatile nor __syncwarp)";
    case WarpStage::synced: return "synced (__syncwarp, as in step07)";
    }
    return "";
}

// Every run sums an exact input (common/data.cuh: multiples of 1/4 below 8 with random signs,
// whose sum no order of summation rounds) and must return its exact sum, bit for bit: a race
// that loses or repeats a partial sum gives another. (The random input would not show it: its
// tolerance, about 60 for the default 2^18 + 3 floats, lets a lost partial sum pass.) Two
// exact inputs, of seeds S and S + 1, take turns, each made on the device before its run, so
// no run finds the previous run's data in the input, and a stale value is a wrong one.
template <typename T>
int checkRuns(const Options& options, int runs)
{
    ExactInput inputs[2];
    ExactReference<T> references[2];
    for (int k = 0; k < 2; ++k)
        references[k] = prepareExactInput<T>(options.seed + k, options.n, inputs[k]);
    DeviceReduction<T> reduction(options.n, options.blockSize);
    int wrong = 0;
    for (int run = 1; run <= runs; ++run) {
        const int k = (run - 1) % 2;
        makeExactInputOnDevice(reduction.input.data(), options.n, inputs[k]);
        const T result = reduction.runAndFetch();
        if (!isExactSum(result, references[k])) {
            if (wrong < 5)
                std::printf("run %d: FAIL: sum %s, exact sum %s (exact input, seed %llu)\n", run,
                            valueText(result).c_str(), exactReferenceText(references[k]).c_str(),
                            (unsigned long long)inputs[k].seed);
            ++wrong;
        }
    }
    if (wrong == 0)
        std::printf("PASS: %d of %d runs exact\n", runs, runs);
    else
        std::printf("FAIL: %d of %d runs wrong (not the exact sum of the exact input)\n", wrong,
                    runs);
    return wrong == 0 ? exitVerified : exitWrongResult;
}

}  // namespace

int main(int argc, char** argv)
{
    const char* program = "classic_warp_reduce";
    // --variant is this demo's own option; everything else goes to the tutorial's parser.
    std::vector<const char*> rest = {argv[0]};
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i], value;
        if (flag == "--variant" || flag.rfind("--variant=", 0) == 0) {
            if (flag == "--variant") {
                if (i + 1 >= argc) {
                    std::fprintf(
                        stderr,
                        "%s: error: --variant needs a value: classic, no-volatile or synced\n",
                        program);
                    return exitBadUsage;
                }
                value = argv[++i];
            } else {
                value = flag.substr(std::strlen("--variant="));
            }
            if (value == "classic")
                selectedStage = WarpStage::classic;
            else if (value == "no-volatile")
                selectedStage = WarpStage::noVolatile;
            else if (value == "synced")
                selectedStage = WarpStage::synced;
            else {
                std::fprintf(stderr,
                             "%s: error: --variant '%s': expected classic, no-volatile or synced\n",
                             program, value.c_str());
                return exitBadUsage;
            }
        } else {
            rest.push_back(argv[i]);
        }
    }
    ParsedCommandLine parsed = parseCommandLine(int(rest.size()), rest.data());
    Options options = parsed.options;
    if (!parsed.error.empty()) {
        std::fprintf(stderr, "%s: error: %s\n", program, parsed.error.c_str());
        return exitBadUsage;
    }
    if (options.help) {
        std::printf(
            "usage: %s [--variant classic|no-volatile|synced] [--iters RUNS] [--n N] [--block B] "
            "[--type int|int64|float|double] [--seed S]\n",
            program);
        return exitVerified;
    }
    if (options.blockSize < minBlockSize) {
        std::fprintf(stderr,
                     "%s: error: --block %d: the warp stage needs at least %d threads per block\n",
                     program, options.blockSize, minBlockSize);
        return exitBadUsage;
    }
    if (options.type == "cfloat" || options.type == "cdouble" || options.type == "half" ||
        options.type == "bf16") {
        std::fprintf(stderr,
                     "%s: error: --type %s: the classic volatile code takes 32- and 64-bit "
                     "scalar types only\n",
                     program, options.type.c_str());
        return exitBadUsage;
    }
    if (!options.nGiven) options.n = (std::size_t(1) << 18) + 3;  // small: the sanitizers are slow
    const int runs = options.iterations > 0 ? options.iterations : 100;
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "%s: error: no CUDA device found (%s)\n", program, reason.c_str());
        return exitCudaError;
    }
    const Platform platform = queryPlatform();
    std::printf(
        "%s: warp stage %s on %s (sm_%s), CUDA %s; %s, n = %zu, block %d, exact inputs of "
        "seeds %llu and %llu in turn, %d runs\n",
        program, describe(selectedStage), platform.deviceName.c_str(),
        platform.computeCapability.c_str(), platform.cudaRuntime.c_str(), options.type.c_str(),
        options.n, options.blockSize, (unsigned long long)options.seed,
        (unsigned long long)(options.seed + 1), runs);
    int status = exitBadUsage;
    withElementType(options.type, [&](auto element) {
        using T = decltype(element);
        if constexpr (ElementTraits<T>::components == 1) status = checkRuns<T>(options, runs);
    });
    return status;
}
