"""The H200 end-to-end table: gpubench's CUDA cases (results.json) against PyTorch's torch.matmul (the mean of the
runs before and after the engine: torch-before.log, torch-after.log, or torch.log) and the raw CUDA-event loop
(event-loop.txt). Usage: python3 summary.py OUT_DIR"""
import json, os, re, sys

out = sys.argv[1]
run = json.load(open(os.path.join(out, "gpubench", "results.json")))
runs = {}
for log in ("torch-before.log", "torch-after.log", "torch.log"):
    if os.path.exists(os.path.join(out, log)):
        for line in open(os.path.join(out, log)):
            m = re.match(r"torch.matmul (\d+)\^3 (\w+)\s+TFLOP/s\s+([\d.]+)", line)
            if m:
                runs.setdefault((int(m.group(1)), m.group(2)), []).append(float(m.group(3)))
torch = {k: sum(v) / len(v) for k, v in runs.items()}
for k, v in sorted(runs.items()):
    print(f"torch.matmul {k[0]}^3 {k[1]:5s} runs {v} mean {torch[k]:.1f} TFLOP/s")

print("==== gpubench CUDA cases ====")
print(f"{'case':42s} {'status':7s} {'median':>10s} {'TFLOP/s':>8s} {'torch':>7s} {'ratio':>6s} "
      f"{'SM MHz mean/min/max':>20s} {'thr':>4s} {'shr':>4s} {'err':>10s} {'peakMB':>7s}")
for c in run["cases"]:
    t = c.get("timing") or {}
    prim = t.get("device") or t.get("host") or {}
    med = prim.get("median")
    thr = c.get("throughput") or {}
    fl = thr.get("flopsPerSecond")
    tf = fl / 1e12 if fl else None
    n = c["shape"].get("m")
    ref = torch.get((n, c["precision"])) if n and c["shape"].get("n") == n == c["shape"].get("k") else None
    tel = c.get("telemetry") or {}
    clock = (f"{tel.get('smClockMeanMhz', 0):.0f}/{tel.get('smClockMinMhz', 0):.0f}/{tel.get('smClockMaxMhz', 0):.0f}"
             if tel.get("smClockMeanMhz") else "")
    corr = c.get("correctness") or {}
    err = corr.get("error") or {}
    e = f"{err.get('relL2', float('nan')):.2e}" if err else ""
    medtxt = f"{med / 1e3:.3f}us" if med and med < 1e6 else (f"{med / 1e6:.3f}ms" if med else "")
    print(f"{c['displayName'][:42]:42s} {c['status'][:7]:7s} {medtxt:>10s} {tf if tf else 0:8.1f} "
          f"{ref if ref else 0:7.1f} {(tf / ref if tf and ref else 0):6.3f} {clock:>20s} "
          f"{str(tel.get('throttled', ''))[:4]:>4s} {str(tel.get('shared', ''))[:4]:>4s} {e:>10s} "
          f"{((c.get('memory') or {}).get('peakDeviceBytes') or 0) / 2**20:7.0f}")
    if c["status"] not in ("PASSED",):
        print("    ", (c.get("message") or "")[:300].replace("\n", " | "))
    if tel.get("throttleReasons"):
        print("     throttle reasons:", tel["throttleReasons"], "power mean/max W:",
              round(tel.get("powerMeanWatts") or 0), round(tel.get("powerMaxWatts") or 0))
p = "target/gpubench-saxpy/event-loop.txt"
if os.path.exists(p):
    print("==== event loop ====")
    print(open(p).read().strip())
