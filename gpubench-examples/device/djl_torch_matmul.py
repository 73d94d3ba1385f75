# torch.matmul on the shapes of DjlGemmBenchmark's full profile, FP32 (TF32 off, PyTorch's default, as in DJL) and
# FP16, on cuda:0: the same library DJL calls, timed two ways. "loop": CUDA events around 50 back-to-back calls, per
# call (how torch_matmul.py timed 2048^3: 340.8 / 25.0 us). "graph": the 50 calls captured into a CUDA graph and
# replayed between events: device work only, as gpubench's blocked mode times a DJL call. Median of 7 repetitions.
# Writes one JSON line per shape and precision to the file named by argv[1].
import json, statistics, sys, torch

out = open(sys.argv[1], "w")
torch.backends.cuda.matmul.allow_tf32 = False
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0), flush=True)
g = torch.Generator(device="cuda").manual_seed(0)
calls = 50


def timed(fn):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    runs = []
    for _ in range(7):
        torch.cuda.synchronize()
        s.record()
        fn()
        e.record()
        torch.cuda.synchronize()
        runs.append(s.elapsed_time(e) * 1e3 / calls)
    return statistics.median(runs)


for n in (128, 256, 1024, 2048):
    for name, dtype in (("FP32", torch.float32), ("FP16", torch.float16)):
        a = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(dtype)
        b = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(dtype)
        for _ in range(10):
            c = torch.matmul(a, b)

        def loop():
            for _ in range(calls):
                torch.matmul(a, b)

        loop_us = timed(loop)
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            for _ in range(3):
                loop()
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            loop()
        graph.replay()
        graph_us = timed(graph.replay)
        row = {"n": n, "precision": name, "loop_us": loop_us, "graph_us": graph_us}
        print(json.dumps(row), flush=True)
        out.write(json.dumps(row) + "\n")
        del a, b, c, graph
out.close()
