"""The peer an engineer would write instead of step 17: a fused softmax in Triton, one program
per row, the whole row in registers, after Triton's fused-softmax tutorial
(python/tutorials/02-fused-softmax.py in triton-lang/triton; written anew here, not copied).
scripts/frameworks.py runs it as the peer `triton` (torch holds the memory and times it).

What it does, as the tutorial's simplest version does: load the row (padded to a power of two
with -inf), subtract its max, exponentiate, divide by the sum, store; 16-bit elements are
computed in float and rounded once when stored, as step 17 does. Rows longer than
MAX_COLUMNS are not this kernel's: a program's registers cannot hold them, and the tutorial
does not try (the caller is told, and the row is skipped with the reason).
"""

import triton
import triton.language as tl

# The longest row one program holds in registers here (64 KiB of floats): past it the kernel
# would spill to local memory, which is no longer the tutorial's kernel.
MAX_COLUMNS = 16384


@triton.jit
def softmax_rows(output, input, row_stride, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)  # 64-bit: rows x cols may pass 2^31
    columns = tl.arange(0, BLOCK)
    inside = columns < cols
    x = tl.load(input + row * row_stride + columns, mask=inside, other=-float("inf"))
    x = x.to(tl.float32)
    e = tl.exp(x - tl.max(x, axis=0))
    y = e / tl.sum(e, axis=0)
    tl.store(output + row * row_stride + columns, y.to(output.dtype.element_ty), mask=inside)


def warps_for(block):
    """The tutorial's first heuristic: more warps for longer rows (4, 8 or 16)."""
    return 4 if block < 2048 else 8 if block < 4096 else 16


def softmax(x):
    """The softmax of every row of the 2-D CUDA tensor x, in x's type."""
    import torch
    rows, cols = x.shape
    if cols > MAX_COLUMNS:
        raise ValueError(f"rows of {cols} columns: this kernel holds at most {MAX_COLUMNS}")
    y = torch.empty_like(x)
    block = triton.next_power_of_2(cols)
    softmax_rows[(rows,)](y, x, x.stride(0), cols, BLOCK=block, num_warps=warps_for(block))
    return y
