// Scratch: registers, blocks an SM and clusters the GPU keeps at once, for the one-read kernel's
// cluster launches at 256 and 512 threads a block (the occupancy API, no launch).
#include "softmax.cuh"
#include <cstdio>

template <unsigned int blockSize, unsigned int rowThreads, unsigned int held, typename T>
void probe(const char* what)
{
    auto kernel = softmaxOneReadKernel<blockSize, rowThreads, held, true, T>;
    constexpr unsigned int clusterBlocks = rowThreads / blockSize;
    cudaFuncAttributes attributes;
    CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
    const std::size_t sharedBytes = 2 * (blockSize / 32) * sizeof(float);
    int blocksPerSM = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, kernel, blockSize,
                                                             sharedBytes));
    cudaLaunchAttribute cluster = {};
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = clusterBlocks;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(clusterBlocks * 1024);
    config.blockDim = dim3(blockSize);
    config.dynamicSmemBytes = sharedBytes;
    config.attrs = &cluster;
    config.numAttrs = 1;
    int clusters = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, kernel, &config));
    int sms = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    std::printf(
        "%-8s %4u x %4u held %u: regs %3d, blocks/SM %d (%d warps), max clusters %4d -> "
        "%5d blocks = %.2f a SM (%.1f warps a SM), rows in flight %d\n",
        what, clusterBlocks, blockSize, held, attributes.numRegs, blocksPerSM,
        blocksPerSM * int(blockSize) / 32, clusters, clusters * int(clusterBlocks),
        double(clusters) * clusterBlocks / sms,
        double(clusters) * clusterBlocks * blockSize / 32 / sms, clusters);
}

int main()
{
    probe<256, 1024, 8, float>("float");         // 32768: step 20
    probe<512, 1024, 8, float>("float");         // 32768: blocks of 512
    probe<256, 2048, 8, float>("float");         // 65536: step 20
    probe<512, 2048, 8, float>("float");         // 65536: blocks of 512
    probe<512, 4096, 8, float>("float");         // 131072: blocks of 512 only
    probe<256, 1024, 4, __nv_bfloat16>("bf16");  // 32768
    probe<512, 1024, 4, __nv_bfloat16>("bf16");
    probe<256, 2048, 4, __nv_bfloat16>("bf16");  // 65536
    probe<512, 2048, 4, __nv_bfloat16>("bf16");
    probe<512, 4096, 4, __nv_bfloat16>("bf16");  // 131072
    return 0;
}
