package io.gpubench.djl;

import ai.djl.ndarray.NDArray;
import ai.djl.pytorch.engine.PtNDArray;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;

/**
 * Where a DJL array's elements are: the device address of a PyTorch array's first element.
 *
 * <p>DJL 0.36 has no public way to it. Its own JNI has one: {@code PyTorchLibrary.torchDirectByteBuffer} wraps
 * {@code tensor.data_ptr()} in a direct buffer without copying (a device pointer for a CUDA tensor, which Java never
 * reads here). That class is package-private, so it is reached by reflection, once. The buffer is limited to 2 GiB,
 * so the address is read from a one-element slice of the flattened array, which starts where the array does.
 */
final class PtMemory {
  private static final Object LIB;
  private static final Method DIRECT_BUFFER;
  private static final Method IS_CONTIGUOUS;
  private static final Method TO_CONTIGUOUS;
  private static final Method RESHAPE;
  private static final Method SLICE;
  private static final Method DELETE;
  private static final String UNAVAILABLE;

  static {
    Object lib = null;
    Method direct = null;
    Method isContiguous = null;
    Method toContiguous = null;
    Method reshape = null;
    Method slice = null;
    Method delete = null;
    String unavailable = null;
    try {
      Class<?> c = Class.forName("ai.djl.pytorch.jni.PyTorchLibrary");
      Field f = c.getDeclaredField("LIB");
      f.setAccessible(true);
      lib = f.get(null);
      direct = method(c, "torchDirectByteBuffer", long.class);
      isContiguous = method(c, "torchIsContiguous", long.class);
      toContiguous = method(c, "torchToContiguous", long.class);
      reshape = method(c, "torchReshape", long.class, long[].class);
      slice = method(c, "torchSlice", long.class, long.class, long.class, long.class, long.class);
      delete = method(c, "torchDeleteTensor", long.class);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      unavailable = "DJL's PyTorchLibrary (ai.djl.pytorch.jni) lacks what reads an array's device address: " + e;
    }
    LIB = lib;
    DIRECT_BUFFER = direct;
    IS_CONTIGUOUS = isContiguous;
    TO_CONTIGUOUS = toContiguous;
    RESHAPE = reshape;
    SLICE = slice;
    DELETE = delete;
    UNAVAILABLE = unavailable;
  }

  private PtMemory() {}

  private static Method method(Class<?> c, String name, Class<?>... types) throws NoSuchMethodException {
    Method m = c.getDeclaredMethod(name, types);
    m.setAccessible(true);
    return m;
  }

  /**
   * The array itself when its elements are dense in row-major order, else a dense copy owned by the array's manager
   * (freed with it).
   *
   * @param array a PyTorch array
   * @return a contiguous array with the same values
   */
  static PtNDArray contiguous(PtNDArray array) {
    long handle = array.getHandle();
    if ((Boolean) call(IS_CONTIGUOUS, handle)) {
      return array;
    }
    return new PtNDArray(array.getManager(), (Long) call(TO_CONTIGUOUS, handle));
  }

  /**
   * The address of the first element of a contiguous, non-empty array: a device address for a GPU array.
   *
   * @param array the array
   * @return the address
   * @throws IllegalArgumentException naming the array when it is not a PyTorch array, is empty or not contiguous
   */
  static long address(NDArray array) {
    if (!(array instanceof PtNDArray pt)) {
      throw new IllegalArgumentException("array " + array.getName() + " is a " + array.getClass().getName()
          + "; only DJL's PyTorch engine's arrays have a device address here");
    }
    if (array.size() == 0) {
      throw new IllegalArgumentException("array " + array.getShape() + " is empty: it has no first element");
    }
    long handle = pt.getHandle();
    if (!(Boolean) call(IS_CONTIGUOUS, handle)) {
      throw new IllegalArgumentException("array " + array.getShape() + " is not contiguous; take contiguous() first");
    }
    long flat = (Long) call(RESHAPE, handle, new long[] {-1});
    try {
      long first = (Long) call(SLICE, flat, 0L, 0L, 1L, 1L);
      try {
        ByteBuffer buffer = (ByteBuffer) call(DIRECT_BUFFER, first);
        return Pointer.nativeValue(Native.getDirectBufferPointer(buffer));
      } finally {
        call(DELETE, first);
      }
    } finally {
      call(DELETE, flat);
    }
  }

  private static Object call(Method m, Object... args) {
    if (UNAVAILABLE != null) {
      throw new UnsupportedOperationException(UNAVAILABLE);
    }
    try {
      return m.invoke(LIB, args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException("DJL's PyTorchLibrary." + m.getName() + " failed: " + cause, cause);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("DJL's PyTorchLibrary." + m.getName() + " is not accessible: " + e, e);
    }
  }
}
