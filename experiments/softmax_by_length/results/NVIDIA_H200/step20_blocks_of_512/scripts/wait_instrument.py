# Scratch: copies a step-20 softmax.cuh with clock64 probes in the one-read kernel's cluster path
# (thread 0 of each block): entry -> its own loads and maximum; the block's reduction; the wait
# for the cluster's values (each exchange); entry -> last store issued.
import sys
src, dst = sys.argv[1], sys.argv[2]
s = open(src).read()
decl = '''__device__ unsigned long long probeCycles[8];
__device__ unsigned long long probeBlocks;
'''
anchor = '#if __CUDA_ARCH__ >= 900\n// A block\'s mailbox'
assert anchor in s
s = s.replace(anchor, decl + anchor, 1)
old = '''    value = warpsReduce<blockSize>(value, op, slot);
    sendToCluster<clusterBlocks>(box.values[slot], &box.arrived[slot], value, slot == 0);
'''
new = '''    const long long probeA = clock64();
    value = warpsReduce<blockSize>(value, op, slot);
    const long long probeB = clock64();
    sendToCluster<clusterBlocks>(box.values[slot], &box.arrived[slot], value, slot == 0);
    const long long probeC = clock64();
    if (threadIdx.x == 0) {
        atomicAdd(&probeCycles[2 * slot], (unsigned long long)(probeB - probeA));
        atomicAdd(&probeCycles[2 * slot + 1], (unsigned long long)(probeC - probeB));
    }
'''
assert old in s; s = s.replace(old, new, 1)
old = '''    if constexpr (clusterBlocks > 1) openMailbox<clusterBlocks>();
#endif

    // Unrolled'''
new = '''    if constexpr (clusterBlocks > 1) openMailbox<clusterBlocks>();
#endif
    const long long probeStart = clock64();

    // Unrolled'''
assert old in s; s = s.replace(old, new, 1)
old = '''    if (hasTail) max = fmaxf(max, tailX);
    max = rowReduce<blockSize, rowThreads>(max, Maximum(), 0);'''
new = '''    if (hasTail) max = fmaxf(max, tailX);
    if (clusterBlocks > 1 && threadIdx.x == 0)
        atomicAdd(&probeCycles[4], (unsigned long long)(clock64() - probeStart));
    max = rowReduce<blockSize, rowThreads>(max, Maximum(), 0);'''
assert old in s; s = s.replace(old, new, 1)
old = '''    if (hasHead) out[t] = T(headExp * inverseSum);
    if (hasTail) out[parts.tailStart + t] = T(tailExp * inverseSum);
}'''
new = '''    if (hasHead) out[t] = T(headExp * inverseSum);
    if (hasTail) out[parts.tailStart + t] = T(tailExp * inverseSum);
    if (clusterBlocks > 1 && threadIdx.x == 0) {
        atomicAdd(&probeCycles[5], (unsigned long long)(clock64() - probeStart));
        atomicAdd(&probeBlocks, 1ull);
    }
}'''
assert old in s; s = s.replace(old, new, 1)
open(dst, 'w').write(s)
