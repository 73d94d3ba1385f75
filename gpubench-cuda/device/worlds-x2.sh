#!/usr/bin/env bash
# The proof of multi-GPU worlds on nvidia-h200-x2 (2 H200s over NVLink), in ONE call, from the repository root with
# .device staged (gpubench-cuda/device/stage-h200.sh). It runs as it is on x4 and x8 machines too: PyTorch runs at
# every world size of 2 or more that the machine holds (2, 4, 8), the engine at every declared one it holds. Four
# parts, one after the other:
#   1. probe:  the standalone NCCL probe (NcclProbe, gpubench-cuda's tests), both ranks seeing both GPUs: every
#              collective checked exactly once (all-reduce, all-gather, reduce-scatter, broadcast, send/recv, FP32 and
#              BF16), raw all-reduce at 256 MiB and 1 GiB, the send/recv link probe, NVML's NVLink figure; then the
#              NCCL-level faults (rank 1 hangs, rank 1 exits: rank 0 aborts its communicator after 5 s, its stream
#              drains, its GPU still computes);
#   2. torch:  PyTorch's torch.distributed.all_reduce on the sizes of the engine's all-reduce (nccl_torch.py), at
#              each world size 2, 4, 8 the machine holds;
#   3. engine: the JUnit console launcher over AllReduceBenchmark (1 MiB-1 GiB, FP32/BF16), TensorParallelGemmBenchmark
#              (FP32/BF16) and HangingRankBenchmark (rank 1 hangs at a 20 s step limit, then a correct all-reduce), at
#              every declared world size: 1 and 2 run, 4 and 8 are skipped with the reason;
#   4. the table (worlds_table.py): world x size x type, gpubench's and PyTorch's bus bandwidth, ratio, the SM clock
#      range of the world's GPUs; the goal (>= 95% of PyTorch at 256 MiB and 1 GiB); the TP GEMM; the hang; the probe.
# Logs, results.tsv and the engine's results (gpubench/results.json, report.html) go to $OUT.
set -u
OUT=${OUT:-/tmp/gpubench-worlds}
mkdir -p "$OUT"
here=$(cd "$(dirname "$0")" && pwd)
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
J=$jre/jre/bin/java
CP=$(ls $dev/lib/*.jar | tr '\n' ':')
TSV="$OUT/results.tsv"
: > "$TSV"
SIZES=1,4,16,64,256,1024   # the engine's default profile of AllReduceBenchmark, in MiB
GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
SECONDS=0
echo "$GPUS GPUs"

nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv \
  > "$OUT/smi.txt" 2>&1
nvidia-smi topo -m >> "$OUT/smi.txt" 2>&1
env | grep -E '^(NCCL|CUDA|NVIDIA)_' | sort > "$OUT/env.txt"

# ---- 1. the NCCL probe: two ranks, every GPU visible, rank r on cuda:r, the id handed through a file ----
probe() {  # LABEL ARGS...: both ranks at once, each under a time limit; PROBE_PIDS set
  local label=$1 id="$OUT/$1.id" r
  shift
  rm -f "$id" "$id".*
  PROBE_PIDS=()
  for r in 0 1; do
    NCCL_DEBUG=${NCCL_DEBUG:-WARN} timeout -k 5 120 "$J" -Xmx4g -cp "$CP" io.gpubench.cuda.nccl.NcclProbe --rank $r \
      --world 2 --device $r --id-file "$id" --label "$label" --out "$TSV" "$@" > "$OUT/$label-rank$r.log" 2>&1 &
    PROBE_PIDS+=($!)
  done
}
probe probe --phases check,bench --sizes-mib 256,1024 --types FP32,BF16 --warmup 5 --iters 20 --limit-s 60
wait "${PROBE_PIDS[0]}"; rc0=$?; wait "${PROBE_PIDS[1]}"; rc1=$?
echo "probe: rank 0 rc=$rc0, rank 1 rc=$rc1 (${SECONDS} s)"
for fault in hang exit; do
  probe "$fault" --phases hang --fault-rank 1 --fault "$fault" --limit-s 5
  wait "${PROBE_PIDS[0]}"; rc0=$?
  kill "${PROBE_PIDS[1]}" 2>/dev/null; wait "${PROBE_PIDS[1]}" 2>/dev/null
  echo "probe fault $fault: rank 0 rc=$rc0 (${SECONDS} s)"
done

# ---- 2. PyTorch's all-reduce on the same sizes and types, at each world size the machine holds ----
for w in 2 4 8; do
  [ "$w" -le "$GPUS" ] || continue
  PYTHONUNBUFFERED=1 timeout -k 5 200 python3 "$here/nccl_torch.py" "$TSV" world=$w sizes_mib="$SIZES" \
    types=FP32,BF16 warmup=5 iters=20 label=torch-w$w > "$OUT/torch-w$w.log" 2>&1
  echo "torch world $w: rc=$? (${SECONDS} s)"
done

# ---- 3. the engine over the world examples ----
timeout -k 10 ${ENGINE_TIMEOUT:-360} "$J" -Xmx24g -jar $dev/junit-platform-console-standalone-*.jar execute \
  --class-path "$CP" --select-class io.gpubench.examples.worlds.AllReduceBenchmark \
  --select-class io.gpubench.examples.worlds.TensorParallelGemmBenchmark \
  --select-class io.gpubench.examples.worlds.HangingRankBenchmark --config gpubench.include=HangingRankBenchmark \
  --config gpubench.output-dir="$OUT/gpubench" --config gpubench.profile=${PROFILE:-default} \
  --details=tree --disable-banner ${EXTRA:-} > "$OUT/engine.log" 2>&1
echo "engine: rc=$? (1 expected: the hanging rank's case fails) (${SECONDS} s)"
grep -E "tests (successful|failed|aborted)" "$OUT/engine.log"
ls "$OUT/gpubench/workers" > "$OUT/workers.txt" 2>&1

# ---- 4. the table ----
python3 "$here/worlds_table.py" "$OUT"
echo "total ${SECONDS} s"
