"""torch.matmul at n^3 in FP32 (TF32 off), FP16 and BF16, replayed from a CUDA graph of 100 calls, 10 replays between one
pair of events after warm-up: microseconds per call, the median of 5 such measurements. The figure issue 23 holds
gpubench's batch figure against. Usage: python3 torch_graph100.py [n ...]   (default 256 1024)"""
import statistics
import sys

import torch

sizes = [int(a) for a in sys.argv[1:]] or [256, 1024]
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))
torch.backends.cuda.matmul.allow_tf32 = False
g0 = torch.Generator(device="cuda").manual_seed(0)
for n in sizes:
    for name, dtype in [("FP32", torch.float32), ("FP16", torch.float16), ("BF16", torch.bfloat16)]:
        a = (torch.rand(n, n, device="cuda", generator=g0) * 2 - 1).to(dtype)
        b = (torch.rand(n, n, device="cuda", generator=g0) * 2 - 1).to(dtype)
        c = torch.empty(n, n, device="cuda", dtype=dtype)
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(20):
                torch.matmul(a, b, out=c)
        torch.cuda.current_stream().wait_stream(side)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for _ in range(100):
                torch.matmul(a, b, out=c)
        for _ in range(3):
            g.replay()
        torch.cuda.synchronize()
        runs = []
        for _ in range(5):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            for _ in range(10):
                g.replay()
            e.record()
            torch.cuda.synchronize()
            runs.append(s.elapsed_time(e) * 1e3 / 1000)
        print(f"torch {n}^3 {name} graph-100 {statistics.median(runs):8.3f} us/call")
        del a, b, c, g
        torch.cuda.empty_cache()
