package io.gpubench.cuda.internal.audit;

/**
 * One frame of a native stack walk.
 *
 * @param ip the instruction address (a return address, but for the first frame)
 * @param object the path of the shared object holding it, or null for code in none
 * @param symbol the nearest exported symbol below it, or null
 * @param origin what the object is to the audit
 */
record Frame(long ip, String object, String symbol, SharedObject.Origin origin) {

  /**
   * The frame for diagnostics: object file name and the nearest exported symbol ({@code dladdr} does not know
   * internal functions, so the symbol is a landmark, not necessarily the function).
   *
   * @return such as {@code libcublasLt.so.13 near cublasLtMatmul} or {@code 0x7f12… (no shared object)}
   */
  String describe() {
    if (object == null) {
      return "0x" + Long.toHexString(ip) + " (no shared object)";
    }
    return SharedObject.basename(object) + (symbol == null ? "" : " near " + symbol);
  }
}
