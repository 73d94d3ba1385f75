package io.gpubench.engine.worker;

import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.LaunchSettings;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.Optional;

/**
 * The interface the engine listens on for its workers: loopback for local ones; for Slurm's tasks (and the TCP
 * launcher) the one interface they reach, {@value Constants#WIRE_ADDRESS} where it is set, else the address of this
 * host's name, else (a name that resolves to loopback, as Debian's {@code 127.0.1.1}) the first interface that is up
 * and not loopback. Never every interface: nothing listens beyond what the run needs.
 */
final class WireAddress {
  private WireAddress() {}

  /**
   * The interface.
   *
   * @param settings the launch settings
   * @return the address to bind and to hand to workers
   * @throws IOException naming the key and value when a set address is not one of this host's
   */
  static InetAddress of(LaunchSettings settings) throws IOException {
    if (!settings.acrossHosts()) {
      return InetAddress.getLoopbackAddress();
    }
    Optional<String> set = settings.wireAddress();
    if (set.isPresent()) {
      InetAddress a;
      try {
        a = InetAddress.getByName(set.get());
      } catch (UnknownHostException e) {
        throw new IOException(Constants.WIRE_ADDRESS + " = \"" + set.get() + "\" does not resolve: give an address"
            + " or host name of this machine that the workers' nodes can reach", e);
      }
      if (!a.isLoopbackAddress() && NetworkInterface.getByInetAddress(a) == null) {
        throw new IOException(Constants.WIRE_ADDRESS + " = \"" + set.get() + "\" (" + a.getHostAddress()
            + ") is not an address of this machine: give one of its interfaces that the workers' nodes can reach");
      }
      return a;
    }
    InetAddress local = InetAddress.getLocalHost();
    if (!local.isLoopbackAddress()) {
      return local;
    }
    return firstInterface().orElse(local);
  }

  private static Optional<InetAddress> firstInterface() throws SocketException {
    for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!n.isUp() || n.isLoopback()) {
        continue;
      }
      for (InetAddress a : Collections.list(n.getInetAddresses())) {
        if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
          return Optional.of(a);
        }
      }
    }
    return Optional.empty();
  }
}
