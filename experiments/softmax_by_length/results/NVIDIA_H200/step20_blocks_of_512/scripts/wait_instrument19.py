# Scratch: step 19 (cluster barrier) with clock64 probes, as wait_instrument.py for step 20:
# entry -> own loads and maximum; the block's reduction; the cluster barrier (each exchange);
# entry -> last store issued; the final wait for the cluster's readers.
import sys
src, dst = sys.argv[1], sys.argv[2]
s = open(src).read()
decl = '''__device__ unsigned long long probeCycles[8];
__device__ unsigned long long probeBlocks;
'''
anchor = 'template <unsigned int blockSize, unsigned int clusterBlocks, typename Op>\n__device__ float clusterReduce('
assert anchor in s
s = s.replace(anchor, decl + anchor, 1)
old = '''    value = warpsReduce<blockSize>(value, op, slot);
    if (threadIdx.x == 0) blockValues[slot] = value;
    cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    cluster.sync();  // every block's value written and visible to the cluster
'''
new = '''    const long long probeA = clock64();
    value = warpsReduce<blockSize>(value, op, slot);
    if (threadIdx.x == 0) blockValues[slot] = value;
    cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    const long long probeB = clock64();
    cluster.sync();  // every block's value written and visible to the cluster
    const long long probeC = clock64();
    if (threadIdx.x == 0) {
        atomicAdd(&probeCycles[2 * slot], (unsigned long long)(probeB - probeA));
        atomicAdd(&probeCycles[2 * slot + 1], (unsigned long long)(probeC - probeB));
    }
'''
assert old in s; s = s.replace(old, new, 1)
i = s.index('softmaxOneReadKernel(const T* input')
j = s.index('    // Unrolled', i)
s = s[:j] + '    const long long probeStart = clock64();\n' + s[j:]
old = '''    if (hasTail) max = fmaxf(max, tailX);
    max = rowReduce<blockSize, rowThreads>(max, Maximum(), 0);'''
new = '''    if (hasTail) max = fmaxf(max, tailX);
    if (clusterBlocks > 1 && threadIdx.x == 0)
        atomicAdd(&probeCycles[4], (unsigned long long)(clock64() - probeStart));
    max = rowReduce<blockSize, rowThreads>(max, Maximum(), 0);'''
assert old in s; s = s.replace(old, new, 1)
old = '''    if (hasTail) out[parts.tailStart + t] = T(tailExp * inverseSum);
    if constexpr (clusterBlocks > 1) clusterWaitForReaders();
}'''
new = '''    if (hasTail) out[parts.tailStart + t] = T(tailExp * inverseSum);
    const long long probeEnd = clock64();
    if constexpr (clusterBlocks > 1) clusterWaitForReaders();
    if (clusterBlocks > 1 && threadIdx.x == 0) {
        atomicAdd(&probeCycles[5], (unsigned long long)(probeEnd - probeStart));
        atomicAdd(&probeCycles[6], (unsigned long long)(clock64() - probeEnd));
        atomicAdd(&probeBlocks, 1ull);
    }
}'''
assert s.count(old) == 1, s.count(old); s = s.replace(old, new, 1)
open(dst, 'w').write(s)
