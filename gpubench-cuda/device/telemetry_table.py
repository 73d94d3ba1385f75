"""The table of telemetry-h200.sh: per run and case, the median, the trials kept and discarded, how warm-up ended,
the flags, and what NVML saw. Usage: python3 telemetry_table.py OUT RUN..."""
import json, os, sys

out = sys.argv[1]
print(f"{'run':7s} {'case':40s} {'status':7s} {'median':>10s} {'kept':>5s} {'disc':>5s} {'warm-up':8s} "
      f"{'flags':24s} {'nvml':30s}")
for name in sys.argv[2:]:
    path = os.path.join(out, name, "results.json")
    if not os.path.exists(path):
        print(f"{name:7s} no results.json")
        continue
    for c in json.load(open(path))["cases"]:
        t = c.get("timing") or {}
        prim = t.get("device") or t.get("host") or {}
        med = prim.get("median")
        medtxt = f"{med / 1e3:.3f}us" if med and med < 1e6 else (f"{med / 1e6:.3f}ms" if med else "")
        tel = c.get("telemetry") or {}
        nvml = ("thr " if tel.get("throttled") else "") + ("shr " if tel.get("shared") else "") \
            + ",".join(tel.get("throttleReasons") or [])
        flags = ",".join(f["code"] for f in c.get("flags") or [])
        warm = (t.get("warmup") or {}).get("end", "")
        print(f"{name:7s} {c['displayName'][:40]:40s} {c['status'][:7]:7s} {medtxt:>10s} "
              f"{len(t.get('trials') or []):5d} {t.get('discardedTrials', 0):5d} {warm:8s} {flags:24s} {nvml:30s}")
        for f in c.get("flags") or []:
            print(f"{'':8s}{f['code']}: {f['detail'][:200]}")
