// Checking every CUDA call. A failed call or launch prints one line and ends the program
// with exit code 3: a reduction that silently did nothing must never print a result.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

// Exit codes shared by every program of the tutorial (see --help).
constexpr int exitVerified = 0;
constexpr int exitWrongResult = 1;
constexpr int exitBadUsage = 2;
constexpr int exitCudaError = 3;
constexpr int exitBadMeasurement = 4;

inline void checkCuda(cudaError_t status, const char* call, const char* file, int line)
{
    if (status != cudaSuccess) {
        std::fprintf(stderr, "error: CUDA: %s (%s) in %s at %s:%d\n", cudaGetErrorString(status),
                     cudaGetErrorName(status), call, file, line);
        std::exit(exitCudaError);
    }
}

#define CUDA_CHECK(call) checkCuda((call), #call, __FILE__, __LINE__)

// A launch reports bad configurations (too many threads, too much shared memory) only
// through cudaGetLastError; errors inside the kernel surface at the next synchronization.
#define CUDA_CHECK_LAUNCH() checkCuda(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)
