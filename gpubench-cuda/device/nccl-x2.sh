#!/usr/bin/env bash
# The two-GPU NCCL proof for the nvidia-h200-x2 machine, from the repository root with .device staged
# (stage-h200.sh: the JRE, the module jars with JNA, gpubench-cuda-tests.jar). Five runs, one after the other:
#   1. gpubench: NcclProbe on ranks 0 and 1 (every GPU visible, rank r opens cuda:r), the id handed through a file:
#      every collective checked once, then all-reduce FP32 and BF16 at 1 MiB ... 1 GiB and the send/recv link probe;
#   2. torch: PyTorch's torch.distributed.all_reduce on the same sizes, timed the same way (nccl_torch.py);
#   3. gpubench-own: the probe again with CUDA_VISIBLE_DEVICES=r per rank (each process sees only its GPU);
#   4. hang: rank 1 sleeps before an all-reduce; rank 0 must abort its communicator after 10 s, its stream drain
#      and its GPU still compute; the script then ends rank 1, as the engine would;
#   5. exit: rank 1 exits before the all-reduce, as a crashed rank; rank 0 likewise.
# Logs and results.tsv go to $OUT; the table (nccl_table.py) is printed last.
set -u
OUT=${OUT:-/tmp/gpubench-nccl}
mkdir -p "$OUT"
here=$(cd "$(dirname "$0")" && pwd)
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':')
JAVA=("$jre/jre/bin/java" -Xmx2g -cp "$CP" io.gpubench.cuda.nccl.NcclProbe)
TSV="$OUT/results.tsv"
: > "$TSV"
SIZES=${SIZES:-1,2,4,8,16,32,64,128,256,512,1024}
# NCCL's INFO lines at init name the transport (P2P/CUMEM, NVLS); the machine's own NCCL variables are kept.
export NCCL_DEBUG=${NCCL_DEBUG:-INFO} NCCL_DEBUG_SUBSYS=${NCCL_DEBUG_SUBSYS:-INIT,P2P,NVLS}

nvidia-smi --query-gpu=index,name,pci.bus_id,clocks.sm,clocks.max.sm,power.draw --format=csv > "$OUT/smi.txt" 2>&1
nvidia-smi topo -m >> "$OUT/smi.txt" 2>&1
nvidia-smi nvlink -s > "$OUT/nvlink.txt" 2>&1
env | grep -E '^(NCCL|CUDA|NVIDIA)_' | sort > "$OUT/env.txt"

# world LABEL VISIBLE(all|own) ARGS...: both ranks at once, each under a time limit; rank logs in $OUT.
world() {
  local label=$1 visible=$2
  shift 2
  local id="$OUT/$label.id" pids=() r
  rm -f "$id" "$id".*
  for r in 0 1; do
    if [ "$visible" = own ]; then
      CUDA_VISIBLE_DEVICES=$r timeout -k 5 300 "${JAVA[@]}" --rank $r --world 2 --device 0 --id-file "$id" \
        --label "$label" --out "$TSV" "$@" > "$OUT/$label-rank$r.log" 2>&1 &
    else
      timeout -k 5 300 "${JAVA[@]}" --rank $r --world 2 --device $r --id-file "$id" \
        --label "$label" --out "$TSV" "$@" > "$OUT/$label-rank$r.log" 2>&1 &
    fi
    pids+=($!)
  done
  WORLD_PIDS=("${pids[@]}")
}

finish() {  # LABEL: waits for both ranks
  local rc0 rc1
  wait "${WORLD_PIDS[0]}"; rc0=$?
  wait "${WORLD_PIDS[1]}"; rc1=$?
  echo "$1: rank 0 rc=$rc0, rank 1 rc=$rc1"
}

world gpubench all --phases check,bench --sizes-mib "$SIZES" --types FP32,BF16 --warmup 5 --iters 20 --limit-s 60
finish gpubench

PYTHONUNBUFFERED=1 timeout -k 5 400 python3 "$here/nccl_torch.py" "$TSV" world=2 sizes_mib="$SIZES" \
  types=FP32,BF16 warmup=5 iters=20 > "$OUT/torch.log" 2>&1
echo "torch: rc=$?"

world gpubench-own own --phases bench --sizes-mib 256,1024 --types FP32,BF16 --warmup 5 --iters 20 --limit-s 60
finish gpubench-own

# A fault at one rank: rank 0 waits at most 10 s, then aborts. The hung rank is ended here, as the engine would.
for fault in hang exit; do
  start=$(date +%s%N)
  world "$fault" all --phases hang --fault-rank 1 --fault "$fault" --limit-s 10
  wait "${WORLD_PIDS[0]}"; rc0=$?
  took=$(( ($(date +%s%N) - start) / 1000000 ))
  kill "${WORLD_PIDS[1]}" 2>/dev/null
  wait "${WORLD_PIDS[1]}"; rc1=$?
  echo "$fault: rank 0 rc=$rc0 after ${took} ms (JVM start and NCCL init included), rank 1 rc=$rc1 (ended by the script)"
done

grep -h "via P2P\|via NVLS\|NVLS multicast\|comm .* nRanks" "$OUT"/gpubench-rank0.log "$OUT"/gpubench-own-rank0.log \
  2>/dev/null | sed 's/^/  /' | head -12 > "$OUT/transports.txt"
grep -h "^\[rank\|Exception\|FAILED" "$OUT"/*-rank0.log | grep -v "^\[rank 0\] \(check\|allreduce\)" | head -40
echo "transports (NCCL INFO, rank 0):"
cat "$OUT/transports.txt"
python3 "$here/nccl_table.py" "$OUT"
