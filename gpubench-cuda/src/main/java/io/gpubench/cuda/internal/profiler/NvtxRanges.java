package io.gpubench.cuda.internal.profiler;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Nvtx;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * NVTX ranges in a domain of their own, for Nsight Systems' timeline: a case and its phases as named bars above
 * the CUDA calls they made.
 *
 * <pre>{@code
 * NvtxRanges nvtx = NvtxRanges.domain("gpubench");
 * try (NvtxRanges.Range r = nvtx.push("CudaGemmBenchmark#matmul [8192x8192x8192, FP16] trials")) {
 *   ...
 * }
 * }</pre>
 *
 * <p>CUDA 13 ships NVTX as {@code libnvtx3interop.so.1} (NVTX v3 built with its C API exported, for languages that
 * cannot include the header-only library; CUDA 12's {@code libnvToolsExt.so.1} is gone). Its calls do nothing until
 * a tool injects itself: {@code nsys profile -t nvtx} sets {@code NVTX_INJECTION64_PATH}, which the first call
 * reads. Where neither library loads, a domain is inert and {@link #unavailableReason()} says why; nothing throws.
 */
public final class NvtxRanges {
  private final Nvtx nvtx;
  private final Pointer domain;

  private NvtxRanges(Nvtx nvtx, Pointer domain) {
    this.nvtx = nvtx;
    this.domain = domain;
  }

  /**
   * A domain: ranges in it are grouped under its name.
   *
   * @param name the domain's name, such as {@code gpubench}
   * @return the domain, inert where NVTX is absent
   */
  public static NvtxRanges domain(String name) {
    if (CudaLibs.nvtxFailure().isPresent()) {
      return new NvtxRanges(null, null);
    }
    Nvtx n = CudaLibs.nvtx();
    return new NvtxRanges(n, n.nvtxDomainCreateA(name));
  }

  /**
   * Why ranges go nowhere.
   *
   * @return the reason, such as {@code no NVTX: libnvtx3interop could not load any of …}, or empty where NVTX is
   *     loaded (ranges then reach a tool if one is injected)
   */
  public static Optional<String> unavailableReason() {
    return CudaLibs.nvtxFailure();
  }

  /** A pushed range; {@link #close()} pops it. */
  public final class Range implements AutoCloseable {
    private final Memory keep;
    private boolean closed;

    private Range(Memory keep) {
      this.keep = keep;
    }

    /** Pops the range (ranges nest: close them in reverse order of pushing). */
    @Override
    public void close() {
      if (!closed) {
        closed = true;
        if (nvtx != null) {
          nvtx.nvtxDomainRangePop(domain);
        }
      }
    }

    Memory attributes() {
      return keep;
    }
  }

  /**
   * Pushes a range on the calling thread.
   *
   * @param message its name in the timeline
   * @return the range, to close when the phase ends
   */
  public Range push(String message) {
    if (nvtx == null) {
      return new Range(null);
    }
    Memory attributes = attributes(message, 0xFF76B900);
    nvtx.nvtxDomainRangePushEx(domain, attributes);
    return new Range(attributes);
  }

  /**
   * {@code nvtxEventAttributes_t} for an ASCII message and a colour, laid out as NVTX v3's header has it.
   *
   * @param message the message
   * @param argb the colour
   * @return the attributes, with the message's bytes after them
   */
  static Memory attributes(String message, int argb) {
    byte[] text = message.getBytes(StandardCharsets.UTF_8);
    Memory m = new Memory(Nvtx.EVENT_ATTRIBUTES_SIZE + text.length + 1L);
    m.clear();
    m.setShort(0, Nvtx.VERSION);
    m.setShort(2, Nvtx.EVENT_ATTRIBUTES_SIZE);
    m.setInt(Nvtx.OFFSET_COLOR_TYPE, Nvtx.COLOR_ARGB);
    m.setInt(Nvtx.OFFSET_COLOR, argb);
    m.setInt(Nvtx.OFFSET_MESSAGE_TYPE, Nvtx.MESSAGE_TYPE_ASCII);
    m.write(Nvtx.EVENT_ATTRIBUTES_SIZE, text, 0, text.length);
    m.setPointer(Nvtx.OFFSET_MESSAGE, m.share(Nvtx.EVENT_ATTRIBUTES_SIZE));
    return m;
  }
}
