# PyTorch's torch.matmul on the shapes DeviceProbe times: mean of 20 after warm-up, CUDA events around the 20.
import sys, torch
n = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))
g = torch.Generator(device="cuda").manual_seed(0)
rows = []
for name, dtype, tf32 in [("FP32", torch.float32, False), ("TF32", torch.float32, True),
                          ("FP16", torch.float16, False), ("BF16", torch.bfloat16, False)]:
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(dtype)
    b = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(dtype)
    for _ in range(5):
        c = torch.matmul(a, b)
    torch.cuda.synchronize()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    for _ in range(20):
        c = torch.matmul(a, b)
    e.record()
    torch.cuda.synchronize()
    ms = s.elapsed_time(e) / 20
    rows.append((name, 2 * n ** 3 / (ms * 1e-3) / 1e12))
    del a, b, c
print("==== torch table ====")
for name, tf in rows:
    print(f"torch.matmul {n}^3 {name:5s} TFLOP/s {tf:8.1f}")
