package io.gpubench.history.store;

/** The version of this gpubench, from the jar's manifest, for the schema table and messages. */
final class Version {

  private Version() {}

  static String of() {
    String v = Version.class.getPackage() == null ? null : Version.class.getPackage().getImplementationVersion();
    return v == null ? "development build" : v;
  }
}
