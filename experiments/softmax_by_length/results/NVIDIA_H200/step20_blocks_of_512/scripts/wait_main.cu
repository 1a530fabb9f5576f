// Scratch: the harness's run of an instrumented step 20, then thread 0's probes per block.
#include "softmax.cuh"
#include "softmax_harness.cuh"

int main(int argc, char** argv)
{
    const int status = runSoftmaxStep(argc, argv, VARIANT_NAME, "scratch: clock64 probes");
    unsigned long long cycles[8], blocks = 0;
    CUDA_CHECK(cudaMemcpyFromSymbol(cycles, probeCycles, sizeof(cycles)));
    CUDA_CHECK(cudaMemcpyFromSymbol(&blocks, probeBlocks, sizeof(blocks)));
    if (blocks == 0) {
        std::printf("PROBE no cluster blocks\n");
        return status;
    }
    auto per = [&](int i) { return double(cycles[i]) / double(blocks); };
    std::printf(
        "PROBE %s blocks %llu | cycles a block: own loads+max %.0f | block max %.0f | "
        "cluster wait max %.0f | block sum %.0f | cluster wait sum %.0f | whole %.0f | final wait "
        "%.0f\n",
        VARIANT_NAME, blocks, per(4), per(0), per(1), per(2), per(3), per(5), per(6));
    return status;
}
