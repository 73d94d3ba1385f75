package io.gpubench.engine.protocol;

/**
 * One rank of a world as the engine holds it: the channel its case's steps go over, and the means to stop it when
 * another rank failed.
 */
public interface RankChannel {

  /**
   * What the thread dump of a rank that ran out of time starts with when the rank was waiting for the other ranks of
   * its world, not running code of its own: of the ranks that ran out of time, the engine names first one that kept
   * the others waiting.
   */
  String WAITING_FOR_PEERS = "waiting for the world's other ranks";

  /**
   * The channel of the rank's steps.
   *
   * @return the channel
   */
  CaseChannel steps();

  /**
   * Tells the rank to abort its world now (its communicator, and its wait at the engine's barrier), from another
   * thread than the one waiting for its step; that step then fails soon. Never throws.
   */
  void abort();

  /** Ends the rank's process, if it has one of its own. Never throws. */
  void stop();

  /**
   * The id of the rank's process, so that the world's own processes are told from others on its devices.
   *
   * @return the pid
   */
  long pid();
}
