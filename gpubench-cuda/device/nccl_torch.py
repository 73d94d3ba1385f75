"""PyTorch's torch.distributed.all_reduce on the sizes and types of NcclProbe's bench phase, timed the same way, for
the comparison in nccl-x2.sh: one process per rank (torch.multiprocessing, NCCL over 127.0.0.1, rank r on GPU r),
every rank sees every GPU. Per type and size, in place, ranks' buffers filled with the probe's pattern
((i*7 + rank*3) % 31, exact in FP32 and BF16): one call checked against the exact sum, warm-up calls, a barrier (a
one-element all-reduce and a synchronize), ITERS calls between two CUDA events on rank 0's current stream, a second
checked call. Rank 0 appends "torch, op, type, bytes, us, algbw, busbw, check" lines to the file given.

python3 nccl_torch.py OUT_TSV [world=2] [sizes_mib=1,2,...,1024] [types=FP32,BF16] [warmup=5] [iters=20] [label=torch]
"""
import os
import socket
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

TYPES = {"FP32": torch.float32, "BF16": torch.bfloat16}


def pattern(n, rank, device, dtype):
    i = torch.arange(n, device=device, dtype=torch.int64)
    return ((i * 7 + rank * 3) % 31).to(dtype)


def rank_main(rank, world, port, out, sizes, types, warmup, iters, label="torch"):
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.cuda.set_device(rank)
    dev = torch.device("cuda", rank)
    dist.init_process_group("nccl", rank=rank, world_size=world, device_id=dev)
    small = torch.zeros(1, device=dev)

    def barrier():
        dist.all_reduce(small)
        torch.cuda.synchronize()

    buf = torch.empty(max(sizes) // 4, dtype=torch.float32, device=dev)
    for name in types:
        dtype = TYPES[name]
        for nbytes in sizes:
            n = nbytes // torch.empty(0, dtype=dtype).element_size()
            x = buf.view(dtype)[:n]
            want = sum(pattern(n, r, dev, torch.float32) for r in range(world)).to(dtype)

            def checked():
                x.copy_(pattern(n, rank, dev, dtype))
                dist.all_reduce(x)
                torch.cuda.synchronize()
                return int((x != want).sum())

            first = checked()
            for _ in range(warmup):
                dist.all_reduce(x)
            torch.cuda.synchronize()
            barrier()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(iters):
                dist.all_reduce(x)
            end.record()
            torch.cuda.synchronize()
            seconds = start.elapsed_time(end) / 1e3 / iters
            again = checked()
            del want
            alg = nbytes / 1e9 / seconds
            bus = alg * 2 * (world - 1) / world
            check = "ok" if first == 0 and again == 0 else f"FAIL {first}+{again} wrong"
            if rank == 0:
                print(f"[torch rank 0] allreduce {name} {nbytes >> 20:5d} MiB {seconds * 1e6:10.1f} us "
                      f"algbw {alg:7.1f} busbw {bus:7.1f} GB/s {check}", flush=True)
                with open(out, "a") as f:
                    f.write(f"{label}\tallreduce\t{name}\t{nbytes}\t{seconds * 1e6:.2f}\t{alg:.2f}\t{bus:.2f}\t{check}\n")
    dist.destroy_process_group()


def main():
    out = sys.argv[1]
    kv = dict(a.split("=", 1) for a in sys.argv[2:])
    world = int(kv.get("world", 2))
    sizes = [int(s) << 20 for s in kv.get("sizes_mib", "1,2,4,8,16,32,64,128,256,512,1024").split(",")]
    types = kv.get("types", "FP32,BF16").split(",")
    warmup, iters = int(kv.get("warmup", 5)), int(kv.get("iters", 20))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    print(f"torch {torch.__version__}, NCCL {'.'.join(map(str, torch.cuda.nccl.version()))}, "
          f"{torch.cuda.device_count()} GPUs visible", flush=True)
    label = kv.get("label", "torch")
    mp.spawn(rank_main, args=(world, port, out, sizes, types, warmup, iters, label), nprocs=world, join=True)


if __name__ == "__main__":
    main()
