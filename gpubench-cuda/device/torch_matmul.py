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
# FP8 (E4M3) through torch._scaled_mm, where this torch has it: unit scales, BF16 out, B column-major (its TN form).
try:
    a = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(torch.float8_e4m3fn)
    b = (torch.rand(n, n, device="cuda", generator=g) * 2 - 1).to(torch.float8_e4m3fn).t()
    one = torch.ones((), device="cuda")
    mm = lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    for _ in range(5):
        c = mm()
    torch.cuda.synchronize()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    for _ in range(20):
        c = mm()
    e.record()
    torch.cuda.synchronize()
    rows.append(("FP8_E4M3", 2 * n ** 3 / (s.elapsed_time(e) / 20 * 1e-3) / 1e12))
except Exception as ex:
    print("torch._scaled_mm FP8:", type(ex).__name__, str(ex)[:200])
print("==== torch table ====")
for name, tf in rows:
    print(f"torch.matmul {n}^3 {name:5s} TFLOP/s {tf:8.1f}")
