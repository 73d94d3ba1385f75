# torch.matmul on the shapes of DjlGemmBenchmark's full profile, FP32 (TF32 off, PyTorch's default, as in DJL) and
# FP16, on cuda:0: the same library DJL calls, timed the ways gpubench times a DJL call and the ways torch is usually
# timed, microseconds per call, median of repetitions:
#   loop    CUDA events around 50 plain back-to-back calls (the host's launch rate, when slower than the GEMM)
#   graph   those 50 calls captured into a CUDA graph and replayed between events (device work, no launch gaps)
#   held    one plain call between events, queued behind torch.cuda._sleep (about 1 ms) so that the host has queued it
#           before the start event runs: what gpubench's blocked mode does with one DJL call per trial
#   held20  the same with 20 calls: what blocked mode does with gpubench.trials.calls-per-trial=20
# and the kernels one call launches (torch.profiler), to set beside the kernel audit of a DJL call.
# Writes one JSON line per shape and precision to the file named by argv[1].
import json, statistics, sys, torch

out = open(sys.argv[1], "w")
torch.backends.cuda.matmul.allow_tf32 = False
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0), flush=True)
g = torch.Generator(device="cuda").manual_seed(0)
SLEEP_CYCLES = 2_000_000  # about 1 ms at 1.98 GHz: far longer than the host needs to queue 20 calls


def ev():
    return torch.cuda.Event(enable_timing=True)


def per_call(fn, calls, reps=7, held=False):
    runs = []
    for _ in range(reps):
        torch.cuda.synchronize()
        if held:
            torch.cuda._sleep(SLEEP_CYCLES)
        s, e = ev(), ev()
        s.record()
        fn()
        e.record()
        torch.cuda.synchronize()
        runs.append(s.elapsed_time(e) * 1e3 / calls)
    return statistics.median(runs)


def kernels(fn):
    try:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            fn()
            torch.cuda.synchronize()
        return sorted({e.key for e in prof.key_averages() if e.device_type == torch.autograd.DeviceType.CUDA})
    except Exception as ex:  # the figures matter more than the names
        return ["(profiler failed: %s)" % type(ex).__name__]


for n in (1024, 2048):
    for name, dtype in (("FP32", torch.float32), ("FP16", torch.float16)):
        a = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(dtype)
        b = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(dtype)
        for _ in range(10):
            c = torch.matmul(a, b)

        def calls(k):
            def run():
                for _ in range(k):
                    torch.matmul(a, b)
            return run

        row = {"n": n, "precision": name,
               "loop_us": per_call(calls(50), 50),
               "held_us": per_call(calls(1), 1, reps=51, held=True),
               "held20_us": per_call(calls(20), 20, reps=15, held=True)}
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            for _ in range(3):
                calls(50)()
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            calls(50)()
        graph.replay()
        row["graph_us"] = per_call(graph.replay, 50)
        row["kernels"] = kernels(calls(1))
        print(json.dumps(row), flush=True)
        out.write(json.dumps(row) + "\n")
        del a, b, c, graph
out.close()
