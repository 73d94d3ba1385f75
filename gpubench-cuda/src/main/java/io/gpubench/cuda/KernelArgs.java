package io.gpubench.cuda;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.gpubench.api.Tensor;

/**
 * A kernel's arguments laid out for {@code cuLaunchKernel}: one 8-byte slot per argument and the array of
 * pointers to the slots. Built once per bound launch so the timed call allocates nothing.
 */
final class KernelArgs {
  final Memory values;
  final Memory pointers;

  KernelArgs(CaseResources resources, String kernel, Object... args) {
    int n = Math.max(1, args.length);
    values = new Memory(8L * n);
    values.clear();
    pointers = new Memory((long) Native.POINTER_SIZE * n);
    for (int i = 0; i < args.length; i++) {
      Object a = args[i];
      long off = 8L * i;
      if (a instanceof Tensor) {
        values.setLong(off, resources.tensor((Tensor) a).address());
      } else if (a instanceof Long) {
        values.setLong(off, (Long) a);
      } else if (a instanceof Integer) {
        values.setInt(off, (Integer) a);
      } else if (a instanceof Float) {
        values.setFloat(off, (Float) a);
      } else if (a instanceof Double) {
        values.setDouble(off, (Double) a);
      } else if (a instanceof Short) {
        values.setShort(off, (Short) a);
      } else if (a instanceof Byte) {
        values.setByte(off, (Byte) a);
      } else if (a instanceof Boolean) {
        values.setByte(off, (byte) ((Boolean) a ? 1 : 0));
      } else if (a instanceof Pointer) {
        values.setPointer(off, (Pointer) a);
      } else if (a instanceof CudaStream) {
        values.setPointer(off, ((CudaStream) a).handle());
      } else {
        throw new IllegalArgumentException("kernel '" + kernel + "': argument " + i + " is a "
            + (a == null ? "null" : a.getClass().getName())
            + "; pass a Tensor, Long (device address), Integer, Float, Double, Short, Byte, Boolean or Pointer");
      }
      pointers.setPointer((long) Native.POINTER_SIZE * i, values.share(off));
    }
  }
}
