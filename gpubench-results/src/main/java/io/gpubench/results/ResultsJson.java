package io.gpubench.results;

import io.gpubench.api.BackendId;
import io.gpubench.api.CheckMetric;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * How the api's typed values are written in results files: a backend id as {@code cuda:0}, a check metric by its
 * key ({@code maxAbs}). The api has no JSON library, so the mapping lives here.
 */
final class ResultsJson {

  private ResultsJson() {}

  static SimpleModule module() {
    SimpleModule m = new SimpleModule("gpubench-results");
    m.addSerializer(BackendId.class, new ValueSerializer<>() {
      @Override
      public void serialize(BackendId value, JsonGenerator gen, SerializationContext ctxt) {
        gen.writeString(value.toString());
      }
    });
    m.addDeserializer(BackendId.class, new ValueDeserializer<>() {
      @Override
      public BackendId deserialize(JsonParser p, DeserializationContext ctxt) {
        return BackendId.parse(p.getString());
      }
    });
    m.addSerializer(CheckMetric.class, new ValueSerializer<>() {
      @Override
      public void serialize(CheckMetric value, JsonGenerator gen, SerializationContext ctxt) {
        gen.writeString(value.key());
      }
    });
    m.addDeserializer(CheckMetric.class, new ValueDeserializer<>() {
      @Override
      public CheckMetric deserialize(JsonParser p, DeserializationContext ctxt) {
        return CheckMetric.ofKey(p.getString());
      }
    });
    return m;
  }
}
