"""Eager PyTorch's memory for GPU-Insights' resnet50 (CIFAR-style ResNet-50, 3x32x32, 10 classes) training at a
batch, FP32, SGD: max_memory_allocated() and max_memory_reserved() of the caching allocator over 20 steps, and the
process's device memory as NVML counts it (nvidia-smi for this pid), which adds the CUDA context. Usage:
torch_memory.py BATCH"""
import os
import subprocess
import sys

import torch

try:
    import torchvision
except ImportError:
    print("eager PyTorch: torchvision is not installed here, so no resnet50 to compare with")
    sys.exit(0)

batch = int(sys.argv[1]) if len(sys.argv) > 1 else 256
torch.backends.cudnn.benchmark = True
model = torchvision.models.resnet50(num_classes=10).cuda()
# CIFAR-style stem, as GPU-Insights' resnet50: 3x3 convolution, no max pool
model.conv1 = torch.nn.Conv2d(3, 64, 3, 1, 1, bias=False).cuda()
model.maxpool = torch.nn.Identity()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
loss_fn = torch.nn.CrossEntropyLoss()
x = torch.randn(batch, 3, 32, 32, device="cuda")
y = torch.randint(0, 10, (batch,), device="cuda")
torch.cuda.reset_peak_memory_stats()
for _ in range(20):
    opt.zero_grad(set_to_none=True)
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
torch.cuda.synchronize()
smi = subprocess.run(["nvidia-smi", "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"],
                     capture_output=True, text=True).stdout
own = [int(l.split(",")[1]) for l in smi.strip().splitlines() if l.split(",")[0].strip() == str(os.getpid())]
mib = 1 << 20
print(f"torch {torch.__version__} resnet50 batch={batch} FP32: max_memory_allocated {torch.cuda.max_memory_allocated() / mib:.0f} MiB, "
      f"max_memory_reserved {torch.cuda.max_memory_reserved() / mib:.0f} MiB, nvidia-smi for this pid "
      f"{own[0] if own else '?'} MiB (reserved plus the context and cuDNN/cuBLAS workspaces)")
