# Eager PyTorch training steps of the GPU-Insights models as gpubench-examples builds them in DJL, at the full
# profile's batches, on cuda:0, for the table of djl-h200.sh. One JSON line per run to argv[1].
#
# Variants:
#   mirror  the DJL models op for op (hand-written group norm and attention, the up-convolution as a matmul, SiLU as
#           x*sigmoid(x)), NCHW, pure FP32 or pure FP16 (weights, activations, gradients; loss in FP32) as DJL trains
#           them; torch.optim.SGD(lr=1e-3) with PyTorch's defaults (multi-tensor foreach update, grads set to none).
#   perparam  cnn, resnet50 and ddpm mirror FP32 with a per-parameter SGD (foreach=False: one add_ kernel a
#           parameter) and grads set to none: the update DJL is limited to (TrainingSession spends two kernels a
#           parameter and releases the gradients the same way).
#   native  (only with DJL_EAGER_NATIVE=1) what PyTorch offers that DJL 0.36 cannot reach: nn.GroupNorm, F.silu,
#           scaled_dot_product_attention, ConvTranspose2d, channels_last for the conv nets; FP32.
# A step ends with loss.item(), as a DJL step ends reading its loss; median step time over the timed steps, and the
# median host time to queue a step (up to loss.item()), as TrainingSession's hostMs.
import json, math, os, statistics, sys, time
import torch
import torch.nn as nn
import torch.nn.functional as F

OUT = open(sys.argv[1], "w")
ONLY = sys.argv[2].split(",") if len(sys.argv) > 2 else None
dev = torch.device("cuda:0")
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0),
      "cudnn.allow_tf32", torch.backends.cudnn.allow_tf32, "matmul.allow_tf32", torch.backends.cuda.matmul.allow_tf32,
      "cudnn.benchmark", torch.backends.cudnn.benchmark, flush=True)


class GroupNormManual(nn.Module):  # GroupNorm.java
    def __init__(self, groups, channels):
        super().__init__()
        self.groups = groups
        self.gamma = nn.Parameter(torch.ones(channels))
        self.beta = nn.Parameter(torch.zeros(channels))

    def forward(self, x):
        s = x.shape
        g = x.reshape(s[0], self.groups, -1)
        c = g - g.mean(2, keepdim=True)
        v = (c * c).mean(2, keepdim=True)
        y = (c / (v + 1e-5).sqrt()).reshape(s)
        return y * self.gamma.reshape(1, -1, 1, 1) + self.beta.reshape(1, -1, 1, 1)


def norm(native, ch):
    return nn.GroupNorm(8, ch, eps=1e-5) if native else GroupNormManual(8, ch)


def silu(native, x):
    return F.silu(x) if native else x * torch.sigmoid(x)


class SelfAttention(nn.Module):  # SelfAttention.java
    def __init__(self, e, heads, native):
        super().__init__()
        self.e, self.h, self.native = e, heads, native
        self.inp = nn.Linear(e, 3 * e)
        self.out = nn.Linear(e, e)

    def forward(self, x):
        n, l, e = x.shape
        d = e // self.h
        qkv = self.inp(x).reshape(n, l, 3, self.h, d).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        if self.native:
            a = F.scaled_dot_product_attention(q, k, v)
        else:
            a = torch.softmax((q @ k.transpose(-1, -2)) / math.sqrt(d), -1) @ v
        return self.out(a.permute(0, 2, 1, 3).reshape(n, l, e))


class Cnn(nn.Module):  # Cnn.java
    def __init__(self, native=False):
        super().__init__()
        self.c1, self.c2 = nn.Conv2d(3, 6, 5), nn.Conv2d(6, 16, 5)
        self.f1, self.f2, self.f3 = nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.c1(x)), 2, 2)
        x = F.max_pool2d(F.relu(self.c2(x)), 2, 2)
        x = torch.flatten(x, 1)
        return self.f3(F.relu(self.f2(F.relu(self.f1(x)))))


class Bottleneck(nn.Module):  # ResNet50.java
    def __init__(self, cin, w, stride, project):
        super().__init__()
        self.r = nn.Sequential(nn.Conv2d(cin, w, 1, bias=False), nn.BatchNorm2d(w), nn.ReLU(),
                               nn.Conv2d(w, w, 3, stride, 1, bias=False), nn.BatchNorm2d(w), nn.ReLU(),
                               nn.Conv2d(w, 4 * w, 1, bias=False), nn.BatchNorm2d(4 * w))
        self.s = nn.Sequential(nn.Conv2d(cin, 4 * w, 1, stride, bias=False), nn.BatchNorm2d(4 * w)) if project \
            else nn.Identity()

    def forward(self, x):
        return F.relu(self.r(x) + self.s(x))


class ResNet50(nn.Module):
    def __init__(self, native=False):
        super().__init__()
        layers = [nn.Conv2d(3, 64, 3, 1, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU()]
        cin = 64
        for stage, (blocks, w) in enumerate(zip((3, 4, 6, 3), (64, 128, 256, 512))):
            for i in range(blocks):
                stride = 2 if stage > 0 and i == 0 else 1
                layers.append(Bottleneck(cin, w, stride, stride != 1 or cin != 4 * w))
                cin = 4 * w
        layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2048, 10)]
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


class EncoderLayer(nn.Module):  # TransformerEncoderLayer.java
    def __init__(self, e, heads, ratio, native):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(e), nn.LayerNorm(e)
        self.attn = SelfAttention(e, heads, native)
        self.mlp = nn.Sequential(nn.Linear(e, e * ratio), nn.GELU(), nn.Linear(e * ratio, e))

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.mlp(self.n2(x))


class Vit(nn.Module):  # VisionTransformer.java, base16
    def __init__(self, native=False, e=768, depth=12, heads=12):
        super().__init__()
        self.patch = nn.Conv2d(3, e, 16, 16)
        self.cls = nn.Parameter(torch.randn(1, 1, e) * 0.02)
        self.pos = nn.Parameter(torch.randn(1, 197, e) * 0.02)
        self.blocks = nn.Sequential(*[EncoderLayer(e, heads, 4, native) for _ in range(depth)])
        self.norm, self.head = nn.LayerNorm(e), nn.Linear(e, 10)

    def forward(self, x):
        n = x.shape[0]
        p = self.patch(x).reshape(n, self.cls.shape[2], -1).transpose(1, 2)
        t = torch.cat((self.cls.expand(n, 1, -1), p), 1) + self.pos
        return self.head(self.norm(self.blocks(t))[:, 0, :])


def double_conv(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
                         nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class UpConv(nn.Module):  # UpConv.java: a 2x2 stride-2 transposed convolution written as one matmul
    def __init__(self, cin, cout, native):
        super().__init__()
        self.native = native
        if native:
            self.t = nn.ConvTranspose2d(cin, cout, 2, 2)
        else:
            self.cout = cout
            self.weight = nn.Parameter(torch.randn(cin, cout, 2, 2) * 0.02)
            self.bias = nn.Parameter(torch.zeros(cout))

    def forward(self, x):
        if self.native:
            return self.t(x)
        n, c, h, w = x.shape
        p = (x.permute(0, 2, 3, 1) @ self.weight.reshape(c, self.cout * 4)).reshape(n, h, w, self.cout, 2, 2)
        return p.permute(0, 3, 1, 4, 2, 5).reshape(n, self.cout, 2 * h, 2 * w) + self.bias.reshape(1, -1, 1, 1)


class UNet(nn.Module):  # UNet.java
    W = (64, 128, 256, 512, 1024)

    def __init__(self, native=False):
        super().__init__()
        W = self.W
        self.inc = double_conv(3, W[0])
        self.down = nn.ModuleList(nn.Sequential(nn.MaxPool2d(2, 2), double_conv(W[i - 1], W[i])) for i in range(1, 5))
        self.up = nn.ModuleList(UpConv(W[i], W[i] // 2, native) for i in range(4, 0, -1))
        self.merge = nn.ModuleList(double_conv(W[i - 1] + W[i] // 2, W[i - 1]) for i in range(4, 0, -1))
        self.outc = nn.Conv2d(W[0], 21, 1)

    def forward(self, x):
        h, skips = self.inc(x), []
        for d in self.down:
            skips.append(h)
            h = d(h)
        for i, (u, m) in enumerate(zip(self.up, self.merge)):
            h = m(torch.cat((skips[-1 - i], u(h)), 1))
        return self.outc(h)


class TimeResBlock(nn.Module):  # TimeResBlock.java
    def __init__(self, cin, cout, tdim, native):
        super().__init__()
        self.native, self.cout = native, cout
        self.n1, self.c1 = norm(native, cin), nn.Conv2d(cin, cout, 3, 1, 1, bias=False)
        self.t = nn.Linear(tdim, cout)
        self.n2, self.c2 = norm(native, cout), nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else None

    def forward(self, x, t):
        h = self.c1(silu(self.native, self.n1(x)))
        h = h + self.t(silu(self.native, t)).reshape(t.shape[0], self.cout, 1, 1)
        h = self.c2(silu(self.native, self.n2(h)))
        return h + (x if self.skip is None else self.skip(x))


class SpatialAttention(nn.Module):  # SpatialSelfAttention.java
    def __init__(self, ch, native):
        super().__init__()
        self.n, self.a = norm(native, ch), SelfAttention(ch, 4, native)

    def forward(self, x):
        s = x.shape
        t = self.n(x).reshape(s[0], s[1], -1).transpose(1, 2)
        return x + self.a(t).transpose(1, 2).reshape(s)


class Ddpm(nn.Module):  # DiffusionUNet.java, gpuInsights(): 128 channels, (1,2,3,4), 64x64, attention at 16
    def __init__(self, native=False, base=128, mult=(1, 2, 3, 4), res=64, attn_res=16, tdim=512):
        super().__init__()
        self.native, self.base = native, base
        ch = [base * m for m in mult]
        self.ch = ch
        self.t1, self.t2 = nn.Linear(base, tdim), nn.Linear(tdim, tdim)
        self.conv_in = nn.Conv2d(3, ch[0], 3, 1, 1)
        self.enc, self.enc_attn, self.down = nn.ModuleList(), nn.ModuleList(), nn.ModuleList()
        prev, r = ch[0], res
        for i, c in enumerate(ch):
            self.enc.append(TimeResBlock(prev, c, tdim, native))
            self.enc.append(TimeResBlock(c, c, tdim, native))
            self.enc_attn.append(SpatialAttention(c, native) if r == attn_res else nn.Identity())
            if i < len(ch) - 1:
                self.down.append(nn.Conv2d(c, c, 3, 2, 1))
                r //= 2
            prev = c
        self.mid1 = TimeResBlock(prev, prev, tdim, native)
        self.mid_attn = SpatialAttention(prev, native)
        self.mid2 = TimeResBlock(prev, prev, tdim, native)
        self.dec, self.dec_attn, self.up = nn.ModuleList(), nn.ModuleList(), nn.ModuleList()
        for i in range(len(ch) - 1, -1, -1):
            c = ch[i]
            if i < len(ch) - 1:
                self.up.append(nn.Conv2d(prev, prev, 3, 1, 1))
                r *= 2
            self.dec.append(TimeResBlock(prev + c, c, tdim, native))
            self.dec.append(TimeResBlock(c, c, tdim, native))
            self.dec_attn.append(SpatialAttention(c, native) if r == attn_res else nn.Identity())
            prev = c
        self.out_norm, self.conv_out = norm(native, prev), nn.Conv2d(prev, 3, 3, 1, 1)

    def embed(self, t, dtype):
        half = self.base // 2
        f = torch.exp(torch.arange(half, device=t.device, dtype=torch.float32) * (-math.log(10000) / (half - 1)))
        a = t.float().reshape(-1, 1) * f.reshape(1, half)
        return torch.cat((a.sin(), a.cos()), 1).to(dtype)

    def forward(self, x, t):
        te = self.t2(silu(self.native, self.t1(self.embed(t, x.dtype))))
        h, skips, L = self.conv_in(x), [], len(self.ch)
        for i in range(L):
            h = self.enc[2 * i + 1](self.enc[2 * i](h, te), te)
            h = self.enc_attn[i](h)
            skips.append(h)
            if i < L - 1:
                h = self.down[i](h)
        h = self.mid2(self.mid_attn(self.mid1(h, te)), te)
        for j in range(L):
            if j > 0:
                h = self.up[j - 1](F.interpolate(h, scale_factor=2, mode="nearest"))
            h = torch.cat((h, skips[L - 1 - j]), 1)
            h = self.dec[2 * j + 1](self.dec[2 * j](h, te), te)
            h = self.dec_attn[j](h)
        return self.conv_out(silu(self.native, self.out_norm(h)))


MODELS = {  # name: (class, batch in the full profile, sample shape, task)
    "cnn": (Cnn, 2048, (3, 32, 32), "classify"),
    "resnet50": (ResNet50, 256, (3, 32, 32), "classify"),
    "vit": (Vit, 32, (3, 224, 224), "classify"),
    "unet": (UNet, 8, (3, 256, 256), "segment"),
    "ddpm": (Ddpm, 32, (3, 64, 64), "diffuse"),
}
CONV = {"cnn", "resnet50", "unet", "ddpm"}


def run(name, variant, dtype, budget_s=2.0, max_steps=25):
    cls, batch, sample, task = MODELS[name]
    native = variant == "native"
    torch.manual_seed(0)
    model = cls(native).to(dev)
    params = sum(p.numel() for p in model.parameters())
    fmt = torch.channels_last if native and name in CONV else torch.contiguous_format
    model = model.to(dtype=dtype, memory_format=fmt)
    x = torch.randn(batch, *sample, device=dev).to(dtype).contiguous(memory_format=fmt)
    if task == "classify":
        y = torch.randint(0, 10, (batch,), device=dev)
    elif task == "segment":
        y = torch.randint(0, 21, (batch, sample[1], sample[2]), device=dev)
    opt = torch.optim.SGD(model.parameters(), lr=1e-3, foreach=False if variant == "perparam" else None)

    def step():
        t0 = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        if task == "diffuse":
            t = torch.randint(0, 1000, (batch,), device=dev)
            noise = torch.randn(x.shape, device=dev).to(dtype)
            ab = (1 - t.float() / 1000).reshape(batch, 1, 1, 1).to(dtype)
            loss = ((model(ab.sqrt() * x + (1 - ab).sqrt() * noise, t).float() - noise.float()) ** 2).mean()
        else:
            loss = -F.log_softmax(model(x).float(), 1).gather(1, y.unsqueeze(1)).mean()
        loss.backward()
        opt.step()
        queued = time.perf_counter() - t0
        return loss.item(), queued

    for _ in range(3):
        step()
    times, host, start = [], [], time.perf_counter()
    while len(times) < 3 or (len(times) < max_steps and time.perf_counter() - start < budget_s):
        t0 = time.perf_counter()
        loss, queued = step()
        times.append(time.perf_counter() - t0)
        host.append(queued)
    med = statistics.median(times)
    row = {"model": name, "variant": variant, "precision": "FP16" if dtype == torch.float16 else "FP32",
           "batch": batch, "parameters": params, "steps": len(times), "step_ms": med * 1e3,
           "host_ms": statistics.median(host) * 1e3, "samples_per_s": batch / med, "loss": loss}
    print(json.dumps(row), flush=True)
    OUT.write(json.dumps(row) + "\n")
    del model, opt, x
    torch.cuda.empty_cache()


NATIVE = os.environ.get("DJL_EAGER_NATIVE") == "1"
for name in MODELS:
    if ONLY and name not in ONLY:
        continue
    plan = [("mirror", torch.float32), ("mirror", torch.float16)]
    if name in ("cnn", "resnet50", "ddpm"):
        plan.append(("perparam", torch.float32))
    if NATIVE:
        plan.append(("native", torch.float32))
    for variant, dtype in plan:
        try:
            run(name, variant, dtype)
        except Exception as e:  # report and go on: one model's failure must not hide the others
            print(json.dumps({"model": name, "variant": variant, "error": f"{type(e).__name__}: {e}"[:300]}),
                  flush=True)
OUT.close()
