package io.gpubench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gpubench.api.BackendId;
import io.gpubench.api.CheckMetric;
import io.gpubench.api.result.KernelAudit;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * How the api's typed values are written in results files: a backend id as {@code cuda:0}, a check metric by its
 * key ({@code maxAbs}), a kernel audit without its derived {@code isSkipped()}. The api has no JSON library, so the
 * mapping lives here.
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
    // isSkipped() reads skipReason; written, it would be a second field saying the same, one a reader could trust
    m.setMixInAnnotation(KernelAudit.class, DerivedSkipped.class);
    return m;
  }

  @JsonIgnoreProperties({"skipped"})
  private abstract static class DerivedSkipped {}
}
