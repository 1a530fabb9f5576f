// Scratch (not committed): step 19's softmax timed with the output at several byte offsets from
// the input inside one allocation, plus separate cudaMallocs (the harness's layout), plus a copy.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <string>
#include <cuda_bf16.h>
#include "softmax.cuh"

__global__ void fill(float* x, size_t n)
{
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    for (; i < n; i += size_t(gridDim.x) * blockDim.x) {
        unsigned h = unsigned(i) * 2654435761u ^ unsigned(i >> 32);
        h ^= h >> 13;
        h *= 0x5bd1e995;
        h ^= h >> 15;
        x[i] = (h % 16000) / 1000.0f - 8.0f;
    }
}
__global__ void fillb(__nv_bfloat16* x, size_t n)
{
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    for (; i < n; i += size_t(gridDim.x) * blockDim.x) {
        unsigned h = unsigned(i) * 2654435761u;
        h ^= h >> 13;
        h *= 0x5bd1e995;
        h ^= h >> 15;
        x[i] = __float2bfloat16((h % 16000) / 1000.0f - 8.0f);
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
__global__ void copyKernel(const int4* in, int4* out, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        out[i] = in[i];
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
void run(size_t cols, int block, int4* flush, size_t flushN, int* sink)
{
    const size_t n = size_t(1) << 27;
    Shape shape{n / cols, cols};
    const size_t el = shape.elements();
    const double bytes = 2.0 * el * sizeof(T);
    const size_t maxOff = (size_t(8) << 20) / sizeof(T);
    T* buf;
    CUDA_CHECK(cudaMalloc(&buf, (2 * el + maxOff + 64) * sizeof(T)));
    if constexpr (sizeof(T) == 4)
        fill<<<1056, 256>>>(buf, el);
    else
        fillb<<<1056, 256>>>(buf, el);
    const char* tn = sizeof(T) == 4 ? "float" : "bf16";
    for (size_t offBytes : {size_t(0), size_t(4096), size_t(65536), size_t(1) << 20,
                            (size_t(1) << 20) + 4096, size_t(8) << 20}) {
        T* out = buf + el + offBytes / sizeof(T);
        double ms = medianMs([&] { softmaxRows(buf, out, shape, block); }, flush, flushN, sink);
        double cms = medianMs(
            [&] {
                copyKernel<<<132 * 8, 256>>>((const int4*)buf, (int4*)out, el * sizeof(T) / 16);
            },
            flush, flushN, sink);
        printf(
            "%s cols %zu block %d out-in %zu bytes (= el*size + %zu): softmax %.0f GB/s  copy %.0f "
            "GB/s\n",
            tn, cols, block, el * sizeof(T) + offBytes, offBytes, bytes / ms / 1e6,
            bytes / cms / 1e6);
    }
    T *in2, *out2;
    CUDA_CHECK(cudaMalloc(&in2, el * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&out2, el * sizeof(T)));
    CUDA_CHECK(cudaMemcpy(in2, buf, el * sizeof(T), cudaMemcpyDeviceToDevice));
    double ms = medianMs([&] { softmaxRows(in2, out2, shape, block); }, flush, flushN, sink);
    printf("%s cols %zu block %d separate mallocs (out-in %lld bytes): softmax %.0f GB/s\n", tn,
           cols, block, (long long)((char*)out2 - (char*)in2), bytes / ms / 1e6);
    cudaFree(in2);
    cudaFree(out2);
    cudaFree(buf);
}

template <typename T>
void widths(const std::vector<size_t>& ws, int block, int4* flush, size_t flushN, int* sink,
            const char* tag)
{
    for (size_t cols : ws) {
        const size_t n = size_t(1) << 27;
        Shape shape{n / cols, cols};
        const size_t el = shape.elements();
        T *in, *out;
        CUDA_CHECK(cudaMalloc(&in, el * sizeof(T)));
        CUDA_CHECK(cudaMalloc(&out, el * sizeof(T)));
        if constexpr (sizeof(T) == 4)
            fill<<<1056, 256>>>(in, el);
        else
            fillb<<<1056, 256>>>(in, el);
        double best = 0, ms[3];
        for (int r = 0; r < 3; ++r)
            ms[r] = medianMs([&] { softmaxRows(in, out, shape, block); }, flush, flushN, sink);
        std::sort(ms, ms + 3);
        printf("W %s %s %zu %d %.0f %.0f %.0f\n", tag, sizeof(T) == 4 ? "float" : "bf16", cols,
               block, 2.0 * el * sizeof(T) / ms[1] / 1e6, 2.0 * el * sizeof(T) / ms[2] / 1e6,
               2.0 * el * sizeof(T) / ms[0] / 1e6);
        (void)best;
        cudaFree(in);
        cudaFree(out);
    }
}

int main(int argc, char** argv)
{
    int4* flush;
    size_t flushN = (size_t(120) << 20) / 16;
    CUDA_CHECK(cudaMalloc(&flush, flushN * 16));
    CUDA_CHECK(cudaMemset(flush, 0, flushN * 16));
    int* sink;
    CUDA_CHECK(cudaMalloc(&sink, 4));
    const char* tag = argc > 2 ? argv[2] : "step19";
    if (argc > 1 && std::string(argv[1]) == "widths") {
        const int block = argc > 3 ? atoi(argv[3]) : 256;
        widths<float>({128, 256, 1000, 1024, 1536, 2048, 4096, 5120, 8192, 11008, 16384}, block,
                      flush, flushN, sink, tag);
        widths<__nv_bfloat16>({1000, 5120, 8192, 11008, 16384}, block, flush, flushN, sink, tag);
        return 0;
    }
    for (size_t c : {size_t(128), size_t(1024), size_t(4096), size_t(8192), size_t(11008)})
        run<float>(c, 256, flush, flushN, sink);
    for (size_t c : {size_t(8192), size_t(16384)}) run<__nv_bfloat16>(c, 256, flush, flushN, sink);
    return 0;
}
