package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.HostMemory;
import io.gpubench.api.result.Memory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A case's memory as the reports show it: one cell for a table (the device's peak where there is one, the bytes a
 * call allocates on the host), a line per figure for a case's section, and the test's report entries. Every report
 * formats memory through here, so a figure reads the same in the HTML page, the Markdown summary and the IDE.
 */
public final class MemoryFigures {
  private MemoryFigures() {}

  /**
   * Whether a case has any memory figure to show.
   *
   * @param c the case
   * @return true when it has one
   */
  public static boolean any(CaseResult c) {
    return !cell(c).isEmpty();
  }

  /**
   * The table cell: {@code 9.8 GiB peak · 4 KiB/call}; empty without figures.
   *
   * @param c the case
   * @return the cell
   */
  public static String cell(CaseResult c) {
    Memory m = c.memory();
    if (m == null) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    Double peak = MemoryFigure.PEAK_DEVICE_MEMORY.valueOf(c);
    if (peak != null) {
      parts.add(Figures.bytes(peak) + " peak");
    }
    HostMemory h = m.host();
    if (h != null && h.allocatedBytesPerCall() != null) {
      parts.add(Figures.bytes(h.allocatedBytesPerCall()) + "/call");
    }
    return String.join(" · ", parts);
  }

  /**
   * Each figure for people, by label: {@code allocated per call} to {@code 3.922 KiB (calling thread, 10000 calls)}.
   *
   * @param m the memory, or null
   * @return the lines, in order; empty without figures
   */
  public static Map<String, String> lines(Memory m) {
    Map<String, String> lines = new LinkedHashMap<>();
    if (m == null) {
      return lines;
    }
    DeviceMemory d = m.device();
    if (d != null && d.processPeakBytes() != null) {
      lines.put("device memory of the process", Figures.bytes(d.processPeakBytes().doubleValue()) + " at its peak, "
          + bytes(d.processBeforeBytes()) + " before the set-up (the case's own: " + bytes(d.deltaBytes())
          + "); the device " + bytes(d.deviceUsedPeakBytes()) + " in use of " + bytes(d.deviceTotalBytes())
          + " (NVML, " + d.samples() + " readings)");
    }
    if (m.peakDeviceBytes() != null) {
      lines.put("peak device memory", Figures.bytes(m.peakDeviceBytes().doubleValue()) + " (gpubench's allocator)");
    }
    if (m.allocatedBytes() != null || m.reservedBytes() != null) {
      lines.put("framework allocated / reserved", bytes(m.allocatedBytes()) + " / " + bytes(m.reservedBytes()));
    }
    HostMemory h = m.host();
    if (h == null) {
      return lines;
    }
    if (h.allocatedBytesPerCall() != null) {
      lines.put("allocated per call", Figures.bytes(h.allocatedBytesPerCall()) + String.format(Locale.ROOT,
          " on the calling thread (%s over %,d calls)", bytes(h.allocatedBytes()), h.calls()));
    }
    if (h.gcCount() != null) {
      lines.put("GC in trials", gc(h));
    }
    if (h.peakResidentBytes() != null) {
      lines.put("peak resident set", Figures.bytes(h.peakResidentBytes().doubleValue())
          + (h.heapMaxBytes() == null ? "" : ", heap limit " + Figures.bytes(h.heapMaxBytes().doubleValue())));
    }
    return lines;
  }

  /**
   * The test's report entries: {@code gpubench.deviceMemory} (NVML's process peak), {@code gpubench.allocatedPerCall}, {@code gpubench.gc}, {@code gpubench.peakResident},
   * {@code gpubench.peakDeviceMemory}, each where measured.
   *
   * @param m the memory, or null
   * @return the entries
   */
  public static Map<String, String> entries(Memory m) {
    Map<String, String> e = new LinkedHashMap<>();
    if (m == null) {
      return e;
    }
    if (m.device() != null && m.device().processPeakBytes() != null) {
      e.put("gpubench.deviceMemory", Figures.bytes(m.device().processPeakBytes().doubleValue()) + " peak, "
          + bytes(m.device().deltaBytes()) + " over set-up");
    }
    if (m.peakDeviceBytes() != null) {
      e.put("gpubench.peakDeviceMemory", Figures.bytes(m.peakDeviceBytes().doubleValue()));
    }
    HostMemory h = m.host();
    if (h != null && h.allocatedBytesPerCall() != null) {
      e.put("gpubench.allocatedPerCall", String.format(Locale.ROOT, "%.1f B", h.allocatedBytesPerCall()));
    }
    if (h != null && h.gcCount() != null) {
      e.put("gpubench.gc", gc(h));
    }
    if (h != null && h.peakResidentBytes() != null) {
      e.put("gpubench.peakResident", Figures.bytes(h.peakResidentBytes().doubleValue()));
    }
    return e;
  }

  private static String gc(HostMemory h) {
    return h.gcCount() == 0 ? "none in " + h.trials() + " trials" : String.format(Locale.ROOT,
        "%d collections, %.1f ms, during %d of %d trials", h.gcCount(), h.gcPauseMillis(), h.gcTrials().size(),
        h.trials());
  }

  private static String bytes(Long b) {
    return b == null ? Figures.ABSENT : Figures.bytes(b.doubleValue());
  }
}
