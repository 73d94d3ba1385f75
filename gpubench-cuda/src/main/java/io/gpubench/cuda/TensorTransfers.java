package io.gpubench.cuda;

import com.sun.jna.Memory;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.cuda.internal.jna.CudaLibs;
import java.util.Arrays;
import java.util.Optional;

/**
 * A case's tensors from the host and back: host floats (and doubles) are uploaded in chunks and converted on the
 * device to the storage format (FP16, BF16, FP64, FP8 E4M3: round to nearest even); a copy is made device to device
 * (transposed for cuBLASLt's FP8 layout); a tensor comes back to the host as FP32. Every transfer waits for the device before and after: they belong to set-up
 * and checks, never to a trial.
 */
final class TensorTransfers implements TensorFactory {
  /** The staging buffer of an upload or download: 64 MiB, whatever the element size. */
  private static final long CHUNK_BYTES = 1L << 26;

  private final CaseResources resources;

  TensorTransfers(CaseResources resources) {
    this.resources = resources;
  }

  @Override
  public Tensor fromHost(String name, float[] values, Precision storage, long... dims) {
    long n = elements(dims);
    if (n != values.length) {
      throw new IllegalArgumentException("tensor '" + name + "': dims " + Arrays.toString(dims) + " hold " + n
          + " elements, values hold " + values.length);
    }
    CudaTensor t = allocate(name, storage, dims);
    if (isF32(storage)) {
      upload(t.address(), values);
    } else {
      long staging = resources.alloc(4L * n, "staging for '" + name + "'");
      try {
        upload(staging, values);
        resources.launch(resources.runtime().builtins().fromF32, "gb_from_f32", n, staging, t.address(),
            BuiltinKernels.code(storage), n);
        resources.syncAll("converting '" + name + "' to " + storage);
      } finally {
        resources.free(staging);
      }
    }
    return t;
  }

  @Override
  public CudaTensor allocate(String name, Precision storage, long... dims) {
    long n = elements(dims);
    long bytes = n * storage.bytes();
    long p = resources.alloc(bytes, "tensor '" + name + "' " + Arrays.toString(dims) + " " + storage);
    return new CudaTensor(resources, name, dims, storage, p, bytes);
  }

  @Override
  public Tensor copy(String name, Tensor source) {
    CudaTensor s = resources.tensor(source);
    CudaTensor t = allocate(name, s.precision(), s.dims());
    CudaErrors.check(CudaLibs.cuda().cuMemcpyDtoDAsync_v2(t.address(), s.address(), s.bytes(),
        resources.stream().handle()), "cuMemcpyDtoDAsync_v2", "copying " + s + " to '" + name + "'");
    if (!resources.allocated(s.address())) {
      // A borrowed source (another library's array) may be freed and reused by its owner once this returns.
      resources.syncAll("copying " + s + " to '" + name + "'");
    }
    return t;
  }

  @Override
  public float[] toHost(Tensor tensor) {
    CudaTensor t = resources.tensor(tensor);
    long n = t.size();
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("tensor " + t + " has too many elements to copy to a float[]");
    }
    if (isF32(t.precision())) {
      return download(t.address(), (int) n);
    }
    long staging = resources.alloc(4L * n, "staging for '" + t.name() + "'");
    try {
      resources.launch(resources.runtime().builtins().toF32, "gb_to_f32", n, t.address(),
          BuiltinKernels.code(t.precision()), staging, n);
      return download(staging, (int) n);
    } finally {
      resources.free(staging);
    }
  }

  /** A value a measured method returned, as a tensor of the case: its own tensor as it is, host values uploaded. */
  Optional<Tensor> adopt(String name, Object returned) {
    if (returned instanceof CudaTensor && ((CudaTensor) returned).owner() == resources) {
      return Optional.of((CudaTensor) returned);
    }
    if (returned instanceof HostTensor) {
      HostTensor h = (HostTensor) returned;
      if (h.isDouble()) {
        CudaTensor t = allocate(name, Precision.FP64, h.dims());
        upload(t.address(), h.doubles());
        return Optional.of(t);
      }
      return Optional.of(fromHost(name, h.floats(), h.precision(), h.dims()));
    }
    if (returned instanceof float[]) {
      float[] v = (float[]) returned;
      return Optional.of(fromHost(name, v, Precision.FP32, v.length));
    }
    if (returned instanceof double[]) {
      double[] v = (double[]) returned;
      CudaTensor t = allocate(name, Precision.FP64, v.length);
      upload(t.address(), v);
      return Optional.of(t);
    }
    return Optional.empty();
  }

  /**
   * A transposed copy of a 2-D tensor of 1-byte elements ({@code [cols, rows]} from {@code [rows, cols]}), owned
   * by the case and freed when it closes; the copy is made now and waited for (planning, never timed).
   */
  long transposedBytes(CudaTensor t, String what) {
    long[] d = t.dims();
    if (d.length != 2 || t.precision().bytes() != 1) {
      throw new IllegalArgumentException("transposing " + t + ": needs a 2-D tensor of 1-byte elements");
    }
    long p = resources.alloc(t.bytes(), what);
    resources.launch(resources.runtime().builtins().transposeU8, "gb_transpose_u8", t.size(), t.address(), p, d[0],
        d[1]);
    resources.syncAll(what);
    return p;
  }

  private void upload(long dst, float[] values) {
    upload(dst, values.length, Float.BYTES, (buf, off, len) -> buf.write(0, values, off, len));
  }

  private void upload(long dst, double[] values) {
    upload(dst, values.length, Double.BYTES, (buf, off, len) -> buf.write(0, values, off, len));
  }

  /** Copies part of a host array into the start of the staging buffer. */
  @FunctionalInterface
  private interface Chunk {
    void write(Memory buf, int off, int len);
  }

  /** The one copy loop of every upload: a staging buffer of at most 64 MiB, filled and copied chunk by chunk. */
  private void upload(long dst, int length, int elementBytes, Chunk chunk) {
    resources.syncAll("before an upload");
    int per = (int) Math.min(length, CHUNK_BYTES / elementBytes);
    Memory buf = new Memory(Math.max(elementBytes, (long) elementBytes * per));
    for (int off = 0; off < length; off += per) {
      int len = Math.min(per, length - off);
      chunk.write(buf, off, len);
      CudaErrors.check(CudaLibs.cuda().cuMemcpyHtoD_v2(dst + (long) elementBytes * off, buf, (long) elementBytes * len),
          "cuMemcpyHtoD_v2");
    }
    resources.syncAll("after an upload");
  }

  private float[] download(long src, int n) {
    resources.syncAll("before a download");
    float[] out = new float[n];
    int per = (int) Math.min(n, CHUNK_BYTES / Float.BYTES);
    Memory buf = new Memory(Math.max(Float.BYTES, (long) Float.BYTES * per));
    for (int off = 0; off < n; off += per) {
      int len = Math.min(per, n - off);
      CudaErrors.check(CudaLibs.cuda().cuMemcpyDtoH_v2(buf, src + 4L * off, 4L * len), "cuMemcpyDtoH_v2");
      buf.read(0, out, off, len);
    }
    return out;
  }

  private static long elements(long[] dims) {
    long n = 1;
    for (long d : dims) {
      if (d < 0) {
        throw new IllegalArgumentException("negative dimension in " + Arrays.toString(dims));
      }
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  private static boolean isF32(Precision p) {
    return p == Precision.FP32 || p == Precision.TF32;
  }
}
