"""The table of audit-h200.sh: the kernel audit of each CUDA case the engine ran (OUT/engine/results.json), and of the
case captured under nsys (OUT/nsys-engine/results.json, where its audit is expected skipped: nsys holds CUPTI).
Per case: status, the audit's line, the top kernel and its library and source, GPU-busy fraction, kernel time per call
beside the trials' median, and the audit's cost (host time in all, and of the audited call).
Usage: python3 audit_summary.py OUT_DIR"""
import json
import os
import sys

out = sys.argv[1]


def cases(folder):
    p = os.path.join(out, folder, "results.json")
    return json.load(open(p))["cases"] if os.path.exists(p) else []


def ms(ns):
    return "-" if ns is None else (f"{ns / 1e6:.3f}ms" if ns >= 1e5 else f"{ns / 1e3:.2f}us")


def line(a):
    by = {}
    for k in a.get("kernels", []):
        by[k["library"]] = by.get(k["library"], 0) + k["share"]
    if a.get("copyShare", 0) > 0:
        by["copies"] = a["copyShare"]
    parts = ", ".join(f"{lib} {100 * s:.1f}%" for lib, s in sorted(by.items(), key=lambda x: -x[1]))
    n = sum(k["countPerCall"] for k in a.get("kernels", []))
    return f"{parts}, {n:g} kernel{'s' if n != 1 else ''}"


print(f"{'run':6s} {'case':44s} {'status':7s} {'kernels (share of GPU time)':40s} {'busy':>6s} "
      f"{'kern/call':>10s} {'median':>10s} {'audit':>9s} {'call':>9s}  top kernel (source)")
for folder in ("engine", "nsys-engine"):
    for c in cases(folder):
        a = c.get("audit")
        t = c.get("timing") or {}
        med = (t.get("device") or t.get("host") or {}).get("median")
        head = f"{folder[:6]:6s} {c['displayName'][:44]:44s} {c['status']:7s}"
        if a is None:
            print(f"{head} (no audit)")
        elif a.get("skipReason"):
            print(f"{head} skipped: {a['skipReason'][:150]}")
        else:
            top = a["kernels"][0] if a.get("kernels") else None
            cost = a.get("cost") or {}
            topk = f"{top['name'][:60]} ({top['library']}, {top['source']}, {top['method']})" if top else "-"
            print(f"{head} {line(a)[:40]:40s} {100 * a['busyFraction']:5.1f}% {ms(a['kernelNanos']):>10s} "
                  f"{ms(med):>10s} {ms(cost.get('totalNanos')):>9s} {ms(cost.get('callNanos')):>9s}  {topk}")
        if t.get("deviceTiming"):
            print(f"{'':6s} {'':44s} timed in {t['deviceTiming']} mode, {t.get('callsPerTrial', 1)} calls/trial"
                  f" (CUPTI stays attached to the worker after its first audit: compare with timing-h200.sh's figures)")
        for f in c.get("flags", []):
            print(f"{'':6s} {'':44s} flag {f['code']}: {f['detail']}")
