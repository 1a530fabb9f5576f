# Scratch: step 19 copies with one change each (timing only), in /tmp/<name>/step19_softmax_one_exponential.
import pathlib, re, shutil, sys
src_dir = pathlib.Path("step19_softmax_one_exponential")
base = pathlib.Path(".device/step19_head_softmax.cuh").read_text()
def variant(name, text):
    d = pathlib.Path("/tmp") / name / src_dir.name
    shutil.rmtree(d, ignore_errors=True); d.mkdir(parents=True)
    for f in src_dir.iterdir(): shutil.copy(f, d / f.name)
    (d / "softmax.cuh").write_text(text)
rcp = base.replace("    const float inverseSum = 1.0f / sum;\n", "    const float inverseSum = __frcp_rn(sum);\n", 1)
old_parts = base[base.index("    const std::size_t misalignment"):base.index("    return {head, vectors, head + vectors * elementsPerVector<T>};")]
aligned = base.replace(old_parts, "    const std::size_t head = 0, vectors = rowCols / elementsPerVector<T>;\n")
variant("v_rcp", rcp)
variant("v_aligned", aligned)
# 32-bit: the one-read kernel's vector index and guards
k0 = base.index("softmaxOneReadKernel(const T* input"); k1 = base.index("// Loads a thread asks for")
body = base[k0:k1]
body32 = body.replace("const std::size_t vector = t + k * rowThreads;", "const unsigned int vector = t + k * rowThreads;")
body32 = body32.replace("const RowParts parts = rowParts(row, rowCols);", "const RowParts parts0 = rowParts(row, rowCols);\n    const struct { unsigned int head, vectors, tailStart; } parts = {unsigned(parts0.head), unsigned(parts0.vectors), unsigned(parts0.tailStart)};")
assert body32 != body
variant("v_u32", base[:k0] + body32 + base[k1:])
both = aligned.replace("    const float inverseSum = 1.0f / sum;\n", "    const float inverseSum = __frcp_rn(sum);\n", 1)
k0 = both.index("softmaxOneReadKernel(const T* input"); k1 = both.index("// Loads a thread asks for")
b = both[k0:k1].replace("const std::size_t vector = t + k * rowThreads;", "const unsigned int vector = t + k * rowThreads;").replace("const RowParts parts = rowParts(row, rowCols);", "const RowParts parts0 = rowParts(row, rowCols);\n    const struct { unsigned int head, vectors, tailStart; } parts = {unsigned(parts0.head), unsigned(parts0.vectors), unsigned(parts0.tailStart)};")
variant("v_all3", both[:k0] + b + both[k1:])
print("variants written")

variant("v_head", base)  # HEAD's step 19 (the working tree holds the candidate)

# (A) the head from the row's index, not its address (64-bit as HEAD)
idx = base.replace("const RowParts parts = rowParts(row, rowCols);", "const RowParts parts = rowPartsFromIndex<T>(rowIndex, cols, rowCols);", 1)
idx = idx.replace("// Vectors a thread holds in registers:", """template <typename T>
__device__ RowParts rowPartsFromIndex(std::size_t rowIndex, std::size_t cols, std::size_t rowCols)
{
    constexpr std::size_t perVector = elementsPerVector<T>;
    std::size_t head = (perVector - rowIndex * cols % perVector) % perVector;
    if (head > rowCols) head = rowCols;
    const std::size_t vectors = (rowCols - head) / perVector;
    return {head, vectors, head + vectors * perVector};
}

// Vectors a thread holds in registers:""", 1)
variant("v_index", idx)
# (B) a runtime test of the width: every row aligned where cols is a multiple of the vector
flag = base.replace("const RowParts parts = rowParts(row, rowCols);", "const RowParts parts = cols % elementsPerVector<T> == 0 ? RowParts{0, rowCols / elementsPerVector<T>, rowCols / elementsPerVector<T> * elementsPerVector<T>} : rowParts(row, rowCols);", 1)
variant("v_flag", flag)
# (C) a template flag: the launch picks the aligned instance where cols is a multiple of the vector
t = base.replace("""template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors, typename T>
__global__ void __launch_bounds__(blockSize)
    softmaxOneReadKernel(""", """template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors, bool rowsAligned, typename T>
__global__ void __launch_bounds__(blockSize)
    softmaxOneReadKernel(""", 1)
t = t.replace("const RowParts parts = rowParts(row, rowCols);", "const RowParts parts = rowsAligned ? RowParts{0, rowCols / elementsPerVector<T>, rowCols / elementsPerVector<T> * elementsPerVector<T>} : rowParts(row, rowCols);", 1)
old_launch = """        launchInClusters(softmaxOneReadKernel<blockSize, rowThreads, heldVectors, T>,
                         ceilDiv(rows, rowsPerBlock) * clusterBlocks, blockSize, clusterBlocks,
                         sharedBytes, input + first * shape.cols, output + first * shape.cols, rows,
                         shape.cols);"""
assert old_launch in t
t = t.replace(old_launch, """        if (shape.cols % elementsPerVector<T> == 0)
            launchInClusters(softmaxOneReadKernel<blockSize, rowThreads, heldVectors, true, T>,
                         ceilDiv(rows, rowsPerBlock) * clusterBlocks, blockSize, clusterBlocks,
                         sharedBytes, input + first * shape.cols, output + first * shape.cols, rows,
                         shape.cols);
        else
            launchInClusters(softmaxOneReadKernel<blockSize, rowThreads, heldVectors, false, T>,
                         ceilDiv(rows, rowsPerBlock) * clusterBlocks, blockSize, clusterBlocks,
                         sharedBytes, input + first * shape.cols, output + first * shape.cols, rows,
                         shape.cols);""")
variant("v_template", t)
