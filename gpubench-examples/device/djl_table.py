# The closing tables of djl-h200.sh: DJL through gpubench on cuda:0 next to PyTorch in the same call.
# Usage: djl_table.py OUT   (reads OUT/gpubench/results.json, OUT/gpubench-sgd-djl/results.json,
#                            OUT/torch-matmul.jsonl, OUT/torch-training.jsonl)
import json, os, sys

out = sys.argv[1]


def cases(path):
    try:
        with open(path) as f:
            return json.load(f).get("cases", [])
    except (OSError, ValueError) as e:
        print(f"(no {path}: {e})")
        return []


def lines(path):
    try:
        with open(path) as f:
            return [json.loads(l) for l in f if l.strip().startswith("{")]
    except OSError as e:
        print(f"(no {path}: {e})")
        return []


def median(stats):
    return stats.get("median") if stats else None


def us(ns):
    return f"{ns / 1e3:9.1f}" if ns is not None else "        -"


djl = cases(os.path.join(out, "gpubench", "results.json"))
djl_sgd = cases(os.path.join(out, "gpubench-sgd-djl", "results.json"))
mm = {(r["n"], r["precision"]): r for r in lines(os.path.join(out, "torch-matmul.jsonl"))}
tr = lines(os.path.join(out, "torch-training.jsonl"))

print("\n==== DJL GEMM (DjlGemmBenchmark) on cuda:0 vs torch.matmul, us per call ====")
print(f"{'shape':>6} {'prec':5} {'status':7} {'mode':8} {'djl dev':>9} {'djl host':>9} {'launch':>9} "
      f"{'torch lp':>9} {'torch gr':>9} {'gr/djl':>7}  clock")
for c in djl:
    if not c.get("benchmark", "").endswith("DjlGemmBenchmark") or not c.get("backend", "").startswith("cuda"):
        continue
    shape = c.get("shape", {})
    n = shape.get("m")
    t = c.get("timing") or {}
    dev = median(t.get("device"))
    row = mm.get((n, c.get("precision")), {})
    ratio = f"{row['graph_us'] * 1e3 / dev:7.3f}" if dev and row else "      -"
    print(f"{n!s:>6} {c.get('precision'):5} {c.get('status'):7} {str(t.get('deviceTiming', '-')):8} {us(dev)} "
          f"{us(median(t.get('host')))} {us(median(t.get('launchInclusive')))} "
          f"{row.get('loop_us', float('nan')):9.1f} {row.get('graph_us', float('nan')):9.1f} {ratio}  "
          f"{t.get('deviceClock', '-')}" + (f"  [{c.get('message')}]" if c.get("status") != "PASSED" else ""))

print("\n==== ConvNet inference (ConvNetInferenceBenchmark) on cuda:0 ====")
for c in djl:
    if c.get("benchmark", "").endswith("ConvNetInferenceBenchmark") and c.get("backend", "").startswith("cuda"):
        t = c.get("timing") or {}
        th = c.get("throughput") or {}
        err = ((c.get("correctness") or {}).get("error") or {})
        print(f"batch {c.get('shape', {}).get('batch')!s:>4} {c.get('precision'):5} {c.get('status'):7} "
              f"{str(t.get('deviceTiming', '-')):8} median {us(median(t.get('device')))} us "
              f"images/s {th.get('itemsPerSecond', 0):11.0f} maxAbs {err.get('maxAbs', float('nan')):.2e} "
              f"{t.get('deviceClock', '-')}" + (f"  [{c.get('message')}]" if c.get("status") != "PASSED" else ""))

print("\n==== Training, full profile: DJL (gpubench) vs eager PyTorch, samples/s ====")
eager = {(r["model"], r.get("variant"), r.get("precision")): r for r in tr if "samples_per_s" in r}
sgd = {(c.get("workload"), c.get("precision")): c for c in djl_sgd}
print(f"{'model':9} {'batch':>5} {'prec':5} {'status':7} {'mode':7} {'DJL':>9} {'DJL sgd=djl':>11} {'eager':>9} "
      f"{'DJL/eager':>9} {'native':>9} {'DJL/native':>10} {'params djl/torch':>19}")
for c in djl:
    model = c.get("workload")
    if model not in ("cnn", "resnet50", "vit", "unet", "ddpm") or not c.get("backend", "").startswith("cuda"):
        continue
    p = c.get("precision")
    th = c.get("throughput") or {}
    t = c.get("timing") or {}
    sps = th.get("itemsPerSecond")
    e = eager.get((model, "mirror", p), {})
    nat = eager.get((model, "native", p), {})
    s = (sgd.get((model, p)) or {}).get("throughput", {}).get("itemsPerSecond")
    params = ((c.get("metrics") or {}).get("parameters") or {}).get("value")

    def ratio(a, b):
        return f"{a / b:9.3f}" if a and b else "        -"

    print(f"{model:9} {c.get('shape', {}).get('batch')!s:>5} {p:5} {c.get('status'):7} "
          f"{str(t.get('deviceTiming', '-'))[:7]:7} {sps or 0:9.1f} {s or 0:11.1f} {e.get('samples_per_s', 0):9.1f} "
          f"{ratio(sps, e.get('samples_per_s'))} {nat.get('samples_per_s', 0):9.1f} "
          f"{ratio(sps, nat.get('samples_per_s')):>10} {params or 0:>9.0f}/{e.get('parameters', 0):<9}"
          + (f"  [{(c.get('message') or '')[:160]}]" if c.get("status") != "PASSED" else ""))
pp = eager.get(("resnet50", "perparam", "FP32"))
if pp:
    print(f"eager resnet50 FP32 with a per-parameter SGD and zeroed grads (DJL's limits): {pp['samples_per_s']:.1f}"
          " samples/s")
for r in tr:
    if "error" in r:
        print(f"eager {r['model']} {r['variant']}: {r['error']}")
