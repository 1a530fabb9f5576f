// Is cub_gpu_to_gpu's wrong sum at 2^30 floats (bandwidth.csv) CUB's or this program's? CUB's
// gpu_to_gpu sum of 2^28 to 2^31 floats through the public API (DeviceReduce::Reduce with
// require(determinism::gpu_to_gpu), an int64 count, and an int count capped at INT32_MAX) and
// through rfa::dispatch as cub_gpu_to_gpu calls it, on all ones (exact sum: n) and on values
// (i * 2654435761 mod 1000) / 1000 - 0.5 (mean -0.0005: a sum near -0.0005 n). A diagnostic, not
// a test: it prints what each call gives (results/NVIDIA_H200/cub_public_api_check.txt).
#include <cstdio>
#include <cub/device/device_reduce.cuh>
#include <cuda/execution.determinism.h>
#include <cuda/execution.require.h>
#include <cuda/std/functional>
__global__ void fill(float* x, size_t n, int kind)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        x[i] = kind == 0 ? 1.0f : float((i * 2654435761u) % 1000) / 1000.0f - 0.5f;
}
int main()
{
    for (int logn = 28; logn <= 31; ++logn)
        for (int kind = 0; kind < 2; ++kind) {
            size_t n = size_t(1) << logn;
            float *x, *out;
            cudaMalloc(&x, n * 4);
            cudaMalloc(&out, 4 * 4);
            fill<<<1024, 256>>>(x, n, kind);
            const auto env = cuda::execution::require(cuda::execution::determinism::gpu_to_gpu);
            cudaError_t e1 = cub::DeviceReduce::Reduce(x, out, (long long)n,
                                                       cuda::std::plus<float>{}, 0.0f, env);
            size_t bytes = 0;
            void* ws = nullptr;
            cub::detail::rfa::dispatch(ws, bytes, x, out + 1, (long long)n, 0.0f);
            cudaMalloc(&ws, bytes);
            cudaError_t e2 = cub::detail::rfa::dispatch(ws, bytes, x, out + 1, (long long)n, 0.0f);
            cudaError_t e3 =
                cub::DeviceReduce::Reduce(x, out + 2, (int)std::min<size_t>(n, 2147483647),
                                          cuda::std::plus<float>{}, 0.0f, env);
            float h[3];
            cudaDeviceSynchronize();
            cudaMemcpy(h, out, 12, cudaMemcpyDeviceToHost);
            printf(
                "n=2^%d %s: public(int64) %.9g [%s], rfa::dispatch %.9g [%s], public(int, n "
                "capped) %.9g [%s]\n",
                logn, kind ? "uniform" : "ones", h[0], cudaGetErrorString(e1), h[1],
                cudaGetErrorString(e2), h[2], cudaGetErrorString(e3));
            cudaFree(x);
            cudaFree(out);
            cudaFree(ws);
        }
}
