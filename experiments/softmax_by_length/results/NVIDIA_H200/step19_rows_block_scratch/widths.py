# Scratch timer (times only): Triton's tutorial kernel (experiments/softmax_by_length/
# triton_softmax.py) and torch.softmax, as widths.cu times step 19. usage: widths.py TYPE COLS...
import sys, torch, triton
sys.path.insert(0, "experiments/softmax_by_length")
import triton_softmax as ts
flush = torch.empty(120 << 20, dtype=torch.uint8, device="cuda")
def median_ms(f):
    a, b, t = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True), []
    for i in range(23):
        flush.sum(dtype=torch.int32)
        a.record(); f(); b.record(); b.synchronize()
        if i >= 3: t.append(a.elapsed_time(b))
    t.sort(); return t[len(t) // 2]
def tri(x, y):
    rows, cols = x.shape; block = triton.next_power_of_2(cols)
    ts.softmax_rows[(rows,)](y, x, x.stride(0), cols, BLOCK=block, num_warps=ts.warps_for(block))
dtype = {"float": torch.float32, "bf16": torch.bfloat16}[sys.argv[1]]
for cols in map(int, sys.argv[2:]):
    n = 1 << 27; rows = n // cols; size = torch.empty((), dtype=dtype).element_size()
    x = torch.empty(rows, cols, dtype=dtype, device="cuda").uniform_(-8, 8); y = torch.empty_like(x)
    gb = lambda ms: 2 * rows * cols * size / ms / 1e6
    peers = [("torch", lambda: torch.softmax(x, -1))]
    if cols <= ts.MAX_COLUMNS: peers.insert(0, ("triton", lambda: tri(x, y)))
    for name, f in peers:
        ms = sorted(median_ms(f) for _ in range(3))
        print(f"W {name} {sys.argv[1]} {cols} - {gb(ms[1]):.0f} {gb(ms[2]):.0f} {gb(ms[0]):.0f}", flush=True)
    del x, y
