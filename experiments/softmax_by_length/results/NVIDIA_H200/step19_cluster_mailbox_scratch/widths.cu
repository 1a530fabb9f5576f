// Scratch timer (times only; no check): step 19's softmaxRows (whichever softmax.cuh is on the
// include path) at 2^27 elements, median of 20 runs each after a 120 MB read that empties L2,
// three medians per width (printed: middle, lowest, highest GB/s).
// usage: widths TAG BLOCK TYPE(float|bf16) COLS...
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <cuda_bf16.h>
#include "softmax.cuh"

template <typename T>
__global__ void fill(T* x, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x) {
        unsigned h = unsigned(i) * 2654435761u ^ unsigned(i >> 32);
        h ^= h >> 13;
        h *= 0x5bd1e995;
        h ^= h >> 15;
        x[i] = T((h % 16000) / 1000.0f - 8.0f);
    }
}
__global__ void readAll(const int4* b, size_t n, int* sink)
{
    int s = 0;
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        s ^= b[i].x;
    if (s == 0x12345) *sink = s;
}
template <typename F>
double medianMs(F f, int4* flush, size_t flushN, int* sink)
{
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    std::vector<float> t;
    for (int i = 0; i < 23; ++i) {
        readAll<<<1056, 256>>>(flush, flushN, sink);
        cudaEventRecord(a);
        f();
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms;
        cudaEventElapsedTime(&ms, a, b);
        if (i >= 3) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    CUDA_CHECK(cudaGetLastError());
    return t[t.size() / 2];
}
template <typename T>
void widths(const std::vector<size_t>& ws, int block, int4* flush, size_t flushN, int* sink,
            const char* tag, const char* type)
{
    for (size_t cols : ws) {
        Shape shape{(size_t(1) << 27) / cols, cols};
        const size_t el = shape.elements();
        T *in, *out;
        CUDA_CHECK(cudaMalloc(&in, el * sizeof(T)));
        CUDA_CHECK(cudaMalloc(&out, el * sizeof(T)));
        fill<<<1056, 256>>>(in, el);
        double ms[3];
        for (int r = 0; r < 3; ++r)
            ms[r] = medianMs([&] { softmaxRows(in, out, shape, block); }, flush, flushN, sink);
        std::sort(ms, ms + 3);
        const double bytes = 2.0 * el * sizeof(T);
        unsigned long long hash = 1469598103934665603ull;  // FNV-1a of the output's bytes
        {
            std::vector<unsigned char> h(el * sizeof(T));
            CUDA_CHECK(cudaMemcpy(h.data(), out, h.size(), cudaMemcpyDeviceToHost));
            for (unsigned char c : h) hash = (hash ^ c) * 1099511628211ull;
        }
        printf("H %s %s %zu %d %016llx\n", tag, type, cols, block, hash);
        printf("W %s %s %zu %d %.0f %.0f %.0f\n", tag, type, cols, block, bytes / ms[1] / 1e6,
               bytes / ms[2] / 1e6, bytes / ms[0] / 1e6);
        fflush(stdout);
        cudaFree(in);
        cudaFree(out);
    }
}
int main(int argc, char** argv)
{
    if (argc < 5) return 2;
    int4* flush;
    const size_t flushN = (size_t(120) << 20) / 16;
    CUDA_CHECK(cudaMalloc(&flush, flushN * 16));
    CUDA_CHECK(cudaMemset(flush, 0, flushN * 16));
    int* sink;
    CUDA_CHECK(cudaMalloc(&sink, 4));
    const int block = atoi(argv[2]);
    std::vector<size_t> ws;
    for (int i = 4; i < argc; ++i) ws.push_back(strtoull(argv[i], nullptr, 10));
    if (std::string(argv[3]) == "float")
        widths<float>(ws, block, flush, flushN, sink, argv[1], "float");
    else
        widths<__nv_bfloat16>(ws, block, flush, flushN, sink, argv[1], "bf16");
    return 0;
}
