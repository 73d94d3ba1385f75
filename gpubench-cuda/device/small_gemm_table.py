"""The table of small-gemm-h200.sh: per shape and precision, gpubench's single-call figure (Timing.device: one graph
replay per trial), its batch figure (Timing.batch: calls back to back, the headline) with its calls, the kernel's
own time under CUPTI (the audit's kernelNanos, one call after the trials), torch.matmul replayed 100 times from a
graph, and the ratios: batch / CUPTI (issue 23's target: within 3%) and batch / torch graph-100.
Usage: python3 small_gemm_table.py OUT_DIR"""
import json
import os
import re
import sys

out = sys.argv[1]


def cases(folder):
    p = os.path.join(out, folder, "results.json")
    return json.load(open(p))["cases"] if os.path.exists(p) else []


def key(c):
    return c["shape"].get("m"), c["precision"]


timing = {key(c): c for c in cases("gemm-timing")}
audit = {key(c): c for c in cases("gemm-audit")}
torch = {}
p = os.path.join(out, "torch-graph100.log")
if os.path.exists(p):
    for line in open(p):
        m = re.match(r"torch (\d+)\^3 (\w+) graph-100\s+([\d.]+) us/call", line)
        if m:
            torch[(int(m.group(1)), m.group(2))] = float(m.group(3)) * 1e3


def us(v):
    return f"{v / 1e3:8.3f}" if v else "       -"


def ratio(a, b):
    return f"{a / b:7.3f}" if a and b else "      -"


print("==== small GEMM on the H200, us per call ====")
print(f"{'shape':7s} {'prec':5s} {'single':>8s} {'batch':>8s} {'calls':>5s} {'CUPTI':>8s} {'t.g-100':>8s} |"
      f" {'b/CUPTI':>7s} {'b/torch':>7s} {'s/CUPTI':>7s}  mode, headline, stop")
for n in (256, 1024):
    for prec in ("FP32", "FP16", "BF16"):
        c = timing.get((n, prec))
        if not c or not c.get("timing"):
            print(f"{n}^3   {prec:5s} not timed: {c and c.get('status')} {(c or {}).get('message', '')[:200]}")
            continue
        t = c["timing"]
        single = (t.get("device") or {}).get("median")
        batch = (t.get("batch") or {}).get("median")
        a = (audit.get((n, prec)) or {}).get("audit") or {}
        cupti = a.get("kernelNanos") if not a.get("skipReason") else None
        tg = torch.get((n, prec))
        head = "batch" if t.get("batch") else "single"
        print(f"{n}^3 {'':2s} {prec:5s} {us(single)} {us(batch)} {t.get('batchCalls', 0):5d} {us(cupti)} {us(tg)} |"
              f" {ratio(batch, cupti)} {ratio(batch, tg)} {ratio(single, cupti)}  {t.get('deviceTiming')}, {head},"
              f" {t.get('stop')}")
        if a.get("skipReason"):
            print(f"{'':14s}audit skipped: {a['skipReason'][:200]}")
for folder in ("gemm-timing", "gemm-audit"):
    for c in cases(folder):
        for f in c.get("flags", []):
            print(f"{folder} {c['displayName'][:40]} flag {f['code']}: {f['detail'][:160]}")
