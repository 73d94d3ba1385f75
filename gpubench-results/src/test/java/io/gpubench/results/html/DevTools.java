package io.gpubench.results.html;

import io.gpubench.results.ResultsFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A minimal Chrome DevTools Protocol client over the JDK's WebSocket: commands with their replies, and every event
 * kept in order for the test to inspect. One connection to the browser; pages are reached through flat sessions.
 */
public final class DevTools implements AutoCloseable {

  private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(60);

  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final List<JsonNode> events = new CopyOnWriteArrayList<>();

  private DevTools(WebSocket socket) {
    this.socket = socket;
  }

  public static DevTools connect(URI browserEndpoint) {
    Listener listener = new Listener();
    WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
        .buildAsync(browserEndpoint, listener).orTimeout(30, TimeUnit.SECONDS).join();
    DevTools devTools = new DevTools(ws);
    listener.owner = devTools;
    return devTools;
  }

  /**
   * Sends a command and waits for its result.
   *
   * @param sessionId the page session, or null for the browser
   * @param method the method, such as {@code Page.navigate}
   * @param params the parameters as alternating names and values
   * @return the result object
   * @throws IllegalStateException with the protocol's error when the command fails
   */
  public JsonNode send(String sessionId, String method, Object... params) {
    ObjectNode msg = ResultsFile.mapper().createObjectNode();
    int id = ids.incrementAndGet();
    msg.put("id", id);
    msg.put("method", method);
    if (sessionId != null) {
      msg.put("sessionId", sessionId);
    }
    ObjectNode p = msg.putObject("params");
    for (int i = 0; i < params.length; i += 2) {
      p.set((String) params[i], ResultsFile.mapper().valueToTree(params[i + 1]));
    }
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    pending.put(id, reply);
    socket.sendText(ResultsFile.mapper().writeValueAsString(msg), true).join();
    JsonNode r = reply.orTimeout(REPLY_TIMEOUT.toSeconds(), TimeUnit.SECONDS).join();
    if (r.has("error")) {
      throw new IllegalStateException(method + " failed: " + r.get("error"));
    }
    return r.get("result");
  }

  /**
   * Every event received so far, in order.
   *
   * @return the events (each with {@code method}, {@code params} and, for a page, {@code sessionId})
   */
  public List<JsonNode> events() {
    return List.copyOf(events);
  }

  /**
   * The events of one method received so far.
   *
   * @param method the event's method
   * @return the events' params
   */
  public List<JsonNode> events(String method) {
    return events.stream().filter(e -> method.equals(e.path("method").asString(""))).map(e -> e.get("params"))
        .toList();
  }

  @Override
  public void close() {
    socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
  }

  private void dispatch(String text) {
    JsonNode msg = ResultsFile.mapper().readTree(text);
    if (msg.has("id")) {
      CompletableFuture<JsonNode> reply = pending.remove(msg.get("id").asInt());
      if (reply != null) {
        reply.complete(msg);
      }
    } else {
      events.add(msg);
    }
  }

  private static final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();
    private volatile DevTools owner;

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String text = partial.toString();
        partial.setLength(0);
        owner.dispatch(text);
      }
      ws.request(1);
      return null;
    }
  }
}
