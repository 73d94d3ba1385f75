"""The table of timing-h200.sh: gpubench's 1024^3 FP16/BF16 GEMM device time per call in each device timing mode next
to PyTorch's torch.matmul in the same call (torch-before.log, torch-after.log: torch_graph_timing.py), and saxpy and
8192^3 FP16 in the default mode next to the figures of h200-results.md. Usage: python3 timing_summary.py OUT_DIR"""
import json
import os
import re
import sys

out = sys.argv[1]
# h200-results.md, before device timing modes: saxpy 100 calls/trial (engine), 8192^3 FP16 one call per trial
BEFORE = {"saxpy": 4.828e3, "8192 FP16": 1.441e6}


def cases(folder):
    p = os.path.join(out, folder, "results.json")
    if not os.path.exists(p):
        return []
    return json.load(open(p))["cases"]


def us(nanos):
    return f"{nanos / 1e3:9.3f}" if nanos is not None else "        -"


torch = {}
for log in ("torch-before.log", "torch-after.log"):
    p = os.path.join(out, log)
    if os.path.exists(p):
        for line in open(p):
            m = re.match(r"torch (\d+)\^3 (\w+) (\S+)\s+([\d.]+) us/call", line)
            if m:
                torch.setdefault((int(m.group(1)), m.group(2), m.group(3)), []).append(float(m.group(4)) * 1e3)
torch = {k: sum(v) / len(v) for k, v in torch.items()}

print("==== gpubench cases (per call; device figure = the mode's) ====")
rows = {}
for folder in ("gemm-events", "gemm-blocked", "gemm-graph", "gemm-auto", "saxpy"):
    for c in cases(folder):
        t = c.get("timing") or {}
        dev = t.get("device") or {}
        li = t.get("launchInclusive") or {}
        n = c["shape"].get("m") or c["shape"].get("n")
        key = (folder, n, c["precision"])
        rows[key] = c
        hw = dev.get("ciHigh", 0) - dev.get("mean", 0)
        rel = 100 * hw / dev["mean"] if dev.get("mean") else float("nan")
        print(f"{folder:13s} {c['displayName'][:40]:40s} {c['status'][:6]:6s} mode {str(t.get('deviceTiming')):7s}"
              f" median {us(dev.get('median'))} us ±{rel:5.2f}% n={dev.get('n', 0):4d} in {t.get('timedSeconds', 0):6.3f}s"
              f"  launch-incl {us(li.get('median'))} us  stop {t.get('stop')}")
        if t.get("deviceTimingReason"):
            print(f"{'':14s}why: {t['deviceTimingReason'][:240]}")
        if c["status"] != "PASSED":
            print(f"{'':14s}{(c.get('message') or '')[:400]}")

print()
print("==== 1024^3 GEMM, us per call: gpubench modes | torch.matmul in the same call ====")
print(f"{'':5s} {'events':>8s} {'blocked':>8s} {'graph':>8s} {'auto':>8s} | {'t.pair':>8s} {'t.loop':>8s} "
      f"{'t.g-loop':>8s} {'t.g-100':>8s} {'t.g-held':>8s} | graph/t.g-held graph/t.g-loop")
for p in ("FP16", "BF16"):
    g = {m: (rows.get((f"gemm-{m}", 1024, p)) or {}).get("timing", {}) for m in ("events", "blocked", "graph", "auto")}
    med = {m: (g[m].get("device") or {}).get("median") for m in g}
    tt = {k: torch.get((1024, p, k)) for k in ("pair", "loop", "graph-loop", "graph-100", "graph-held")}
    r1 = med["graph"] / tt["graph-held"] if med["graph"] and tt["graph-held"] else float("nan")
    r2 = med["graph"] / tt["graph-loop"] if med["graph"] and tt["graph-loop"] else float("nan")
    print(f"{p:5s} " + " ".join(f"{(med[m] or 0) / 1e3:8.3f}" for m in med) + " | "
          + " ".join(f"{(tt[k] or 0) / 1e3:8.3f}" for k in tt) + f" | {r1:6.3f} {r2:6.3f}")

print()
print("==== default mode against h200-results.md ====")
sax = next((c for (f, n, p), c in rows.items() if f == "saxpy"), None)
if sax:
    t = sax["timing"]
    print(f"saxpy 1M (100 calls/trial): {t['device']['median'] / 1e3:.3f} us/call in {t.get('deviceTiming')}"
          f" (before: {BEFORE['saxpy'] / 1e3:.3f} us, ratio {t['device']['median'] / BEFORE['saxpy']:.3f})")
p = os.path.join(out, "saxpy", "event-loop.txt")
if os.path.exists(p):
    print("  " + open(p).read().strip())
big = rows.get(("gemm-auto", 8192, "FP16"))
if big and big.get("timing"):
    t = big["timing"]
    med = t["device"]["median"]
    print(f"8192^3 FP16: {med / 1e6:.4f} ms = {2 * 8192 ** 3 / med / 1e3:.1f} TFLOP/s in {t.get('deviceTiming')}"
          f" (before: {BEFORE['8192 FP16'] / 1e6:.4f} ms, ratio {med / BEFORE['8192 FP16']:.3f})")
