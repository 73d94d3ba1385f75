"""PyTorch's torch.matmul on the shapes timing-h200.sh gives gpubench, timed five ways, microseconds per call:
  loop        1,000 plain calls between one pair of events (the host's launch rate, when it is slower than the GEMM)
  pair        one plain call per pair of events, median of 200 (what gpubench's events mode does)
  graph-loop  a CUDA graph of one call replayed 1,000 times between one pair of events
  graph-100   a CUDA graph of 100 calls replayed 10 times between one pair of events
  graph-held  one replay of the one-call graph per pair of events, queued behind torch.cuda._sleep (about 1 ms) so
              the host has queued it before the start event runs: what gpubench's graph mode does; median of 200
Also the kernels one call launches (torch.profiler), to tell whether gpubench's cuBLASLt picks another kernel.
Usage: python3 torch_graph_timing.py [n ...]   (default 1024)"""
import statistics
import sys

import torch

sizes = [int(a) for a in sys.argv[1:]] or [1024]
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))
torch.backends.cuda.matmul.allow_tf32 = False
g0 = torch.Generator(device="cuda").manual_seed(0)
ev = lambda: torch.cuda.Event(enable_timing=True)
SLEEP_CYCLES = 2_000_000  # about 1 ms at 1.98 GHz


def per_call(fn, calls):
    torch.cuda.synchronize()
    s, e = ev(), ev()
    s.record()
    fn()
    e.record()
    torch.cuda.synchronize()
    return s.elapsed_time(e) * 1e3 / calls


def median_pairs(fn, reps=200, held=False):
    out = []
    for _ in range(reps):
        torch.cuda.synchronize()
        if held:
            torch.cuda._sleep(SLEEP_CYCLES)
        s, e = ev(), ev()
        s.record()
        fn()
        e.record()
        torch.cuda.synchronize()
        out.append(s.elapsed_time(e) * 1e3)
    return statistics.median(out)


rows = []
for n in sizes:
    for name, dtype in [("FP16", torch.float16), ("BF16", torch.bfloat16)]:
        a = (torch.rand(n, n, device="cuda", generator=g0) * 2 - 1).to(dtype)
        b = (torch.rand(n, n, device="cuda", generator=g0) * 2 - 1).to(dtype)
        c = torch.empty(n, n, device="cuda", dtype=dtype)
        mm = lambda: torch.matmul(a, b, out=c)
        for _ in range(20):
            mm()
        torch.cuda.synchronize()

        def loop(k=1000):
            for _ in range(k):
                mm()

        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                mm()
        torch.cuda.current_stream().wait_stream(side)
        g1 = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g1):
            mm()
        g100 = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g100):
            for _ in range(100):
                mm()
        g1.replay()
        g100.replay()
        torch.cuda.synchronize()

        def replay_loop(k=1000):
            for _ in range(k):
                g1.replay()

        def replay_100(k=10):
            for _ in range(k):
                g100.replay()

        figures = {
            "loop": per_call(loop, 1000),
            "pair": median_pairs(mm),
            "graph-loop": per_call(replay_loop, 1000),
            "graph-100": per_call(replay_100, 1000),
            "graph-held": median_pairs(g1.replay, held=True),
        }
        try:
            from torch.profiler import ProfilerActivity, profile
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                mm()
                torch.cuda.synchronize()
            kernels = sorted({e.key for e in prof.key_averages() if e.device_type == torch.autograd.DeviceType.CUDA})
        except Exception as ex:  # the figures matter more than the names
            kernels = ["(profiler failed: %s)" % type(ex).__name__]
        print(f"torch kernels {n}^3 {name}: {kernels}")
        for k, v in figures.items():
            rows.append((n, name, k, v))
        del a, b, c, g1, g100
        torch.cuda.empty_cache()

print("==== torch table ====")
for n, name, k, v in rows:
    print(f"torch {n}^3 {name} {k:10s} {v:8.3f} us/call")
