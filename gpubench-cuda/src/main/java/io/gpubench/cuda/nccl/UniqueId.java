package io.gpubench.cuda.nccl;

import io.gpubench.cuda.internal.jna.Nccl;
import java.util.Arrays;
import java.util.Base64;

/**
 * An {@code ncclUniqueId}: the 128 bytes rank 0 gets from {@code ncclGetUniqueId} (its bootstrap address and a
 * magic number) and every rank of the world passes to {@code ncclCommInitRank}. It travels between processes as
 * bytes or as Base64 text; it names one world, so it is made afresh for every communicator.
 */
public final class UniqueId {
  /** {@code NCCL_UNIQUE_ID_BYTES}. */
  public static final int BYTES = Nccl.UNIQUE_ID_BYTES;

  private final byte[] bytes;

  private UniqueId(byte[] bytes) {
    this.bytes = bytes;
  }

  /**
   * An id from its bytes, as another rank sent them.
   *
   * @param bytes exactly {@value #BYTES} bytes
   * @return the id
   * @throws IllegalArgumentException naming the length when it is not {@value #BYTES}
   */
  public static UniqueId fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length != BYTES) {
      throw new IllegalArgumentException("an ncclUniqueId has " + BYTES + " bytes; got "
          + (bytes == null ? "none" : bytes.length));
    }
    return new UniqueId(bytes.clone());
  }

  /**
   * An id from its Base64 text ({@link #toBase64()}).
   *
   * @param text the text
   * @return the id
   * @throws IllegalArgumentException naming the text's fault: not Base64, or not {@value #BYTES} bytes
   */
  public static UniqueId fromBase64(String text) {
    byte[] b;
    try {
      b = Base64.getDecoder().decode(text.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("an ncclUniqueId's text is not Base64 (" + e.getMessage() + "): '"
          + abbreviate(text) + "'", e);
    }
    if (b.length != BYTES) {
      throw new IllegalArgumentException("an ncclUniqueId has " + BYTES + " bytes; the text '" + abbreviate(text)
          + "' holds " + b.length);
    }
    return new UniqueId(b);
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }

  /**
   * The bytes.
   *
   * @return a copy of the {@value #BYTES} bytes
   */
  public byte[] bytes() {
    return bytes.clone();
  }

  /**
   * The bytes as Base64 text (172 characters), for a file, an environment variable or a message.
   *
   * @return the text
   */
  public String toBase64() {
    return Base64.getEncoder().encodeToString(bytes);
  }

  Nccl.UniqueIdStruct.ByValue struct() {
    return new Nccl.UniqueIdStruct.ByValue(bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UniqueId && Arrays.equals(bytes, ((UniqueId) o).bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** A short fingerprint, not the id: the id holds a host's address. */
  @Override
  public String toString() {
    return String.format("ncclUniqueId#%08x", Arrays.hashCode(bytes));
  }
}
