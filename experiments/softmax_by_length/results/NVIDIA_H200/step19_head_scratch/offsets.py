# Scratch (not committed): Triton's tutorial kernel and torch.softmax with the output at several
# byte offsets from the input in one allocation, and with empty_like (the framework runner's layout).
import sys, torch, triton
sys.path.insert(0, "experiments/softmax_by_length")
import triton_softmax as ts
flush = torch.empty(120 << 20, dtype=torch.uint8, device="cuda")
def median_ms(f):
    a, b, t = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True), []
    for i in range(23):
        flush.sum(dtype=torch.int32)  # read (the harness reads 2 x L2 too)
        a.record(); f(); b.record(); b.synchronize()
        if i >= 3: t.append(a.elapsed_time(b))
    t.sort(); return t[len(t) // 2]
def tri(x, y):
    rows, cols = x.shape; block = triton.next_power_of_2(cols)
    ts.softmax_rows[(rows,)](y, x, x.stride(0), cols, BLOCK=block, num_warps=ts.warps_for(block))
if len(sys.argv) > 1 and sys.argv[1] == "widths":
    for dtype, widths in ((torch.float32, (128, 256, 1000, 1024, 1536, 2048, 4096, 5120, 8192, 11008, 16384)), (torch.bfloat16, (1000, 5120, 8192, 11008, 16384))):
        for cols in widths:
            n = 1 << 27; rows = n // cols; size = torch.empty((), dtype=dtype).element_size()
            x = torch.empty(rows, cols, dtype=dtype, device="cuda").uniform_(-8, 8); y = torch.empty_like(x)
            gb = lambda ms: 2 * rows * cols * size / ms / 1e6
            for name, f in (("triton", lambda: tri(x, y)), ("torch", lambda: torch.softmax(x, -1))):
                ms = sorted(median_ms(f) for _ in range(3))
                print(f"W {name} {str(dtype)[6:].replace('bfloat16', 'bf16')} {cols} - {gb(ms[1]):.0f} {gb(ms[2]):.0f} {gb(ms[0]):.0f}", flush=True)
            del x, y
    sys.exit(0)
for dtype, widths in ((torch.float32, (128, 1024, 4096, 8192, 11008)), (torch.bfloat16, (8192, 16384))):
    for cols in widths:
        n = 1 << 27; rows = n // cols; el = rows * cols; size = torch.empty((), dtype=dtype).element_size()
        big = torch.empty(2 * el + (8 << 20) // size + 64, dtype=dtype, device="cuda")
        big[:el].uniform_(-8, 8)
        x = big[:el].view(rows, cols)
        for off in (0, 4096, 65536, 1 << 20, (1 << 20) + 4096, 8 << 20):
            y = big[el + off // size: 2 * el + off // size].view(rows, cols)
            gt = 2 * el * size / median_ms(lambda: tri(x, y)) / 1e6
            gc = 2 * el * size / median_ms(lambda: torch.softmax(x, dim=-1, out=None) if False else torch.softmax(x, -1)) / 1e6 if off == 0 else float("nan")
            print(f"{str(dtype)[6:]} cols {cols} out-in {el*size+off} (el*size + {off}): triton {gt:.0f} GB/s" + (f"  torch(empty_like) {gc:.0f}" if off == 0 else ""), flush=True)
        x2 = x.clone(); y2 = torch.empty_like(x2)
        gt = 2 * el * size / median_ms(lambda: tri(x2, y2)) / 1e6
        print(f"{str(dtype)[6:]} cols {cols} separate (out-in {y2.data_ptr() - x2.data_ptr()}): triton {gt:.0f} GB/s", flush=True)
        del big, x, y, x2, y2; torch.cuda.empty_cache()
