package io.gpubench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.gpubench.api.AxisValue;
import io.gpubench.api.BackendId;
import io.gpubench.api.CheckMetric;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.KernelAudit;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * How the api's typed values are written in results files: a backend id as {@code cuda:0}, a check metric by its
 * key ({@code maxAbs}), a kernel audit without its derived {@code isSkipped()}, an axis value as the JSON value of
 * its kind (a whole number as an integer, a real number as a number with a fraction or exponent, a name as a string:
 * the kind is read back from the JSON token, so a shape reads {@code {"m": 1024, "alpha": 0.5, "layout": "row"}}),
 * and a case's {@code axisOverrides} only when there are some. The api has no JSON library, so the mapping lives
 * here.
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
    m.addSerializer(AxisValue.class, new ValueSerializer<>() {
      @Override
      public void serialize(AxisValue value, JsonGenerator gen, SerializationContext ctxt) {
        if (value instanceof AxisValue.Whole w) {
          gen.writeNumber(w.value());
        } else if (value instanceof AxisValue.Real r) {
          // Java writes 1.0 for a real one, so the token keeps the kind; a whole number never carries a point.
          gen.writeNumber(r.value());
        } else {
          gen.writeString(value.text());
        }
      }
    });
    m.addDeserializer(AxisValue.class, new ValueDeserializer<>() {
      @Override
      public AxisValue deserialize(JsonParser p, DeserializationContext ctxt) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) {
          return AxisValue.whole(p.getLongValue());
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
          return AxisValue.real(p.getDoubleValue());
        }
        if (t == JsonToken.VALUE_STRING) {
          return AxisValue.name(p.getString());
        }
        return (AxisValue) ctxt.handleUnexpectedToken(AxisValue.class, p);
      }
    });
    // isSkipped() reads skipReason; written, it would be a second field saying the same, one a reader could trust
    m.setMixInAnnotation(KernelAudit.class, DerivedSkipped.class);
    m.setMixInAnnotation(CaseResult.class, CaseResultMixin.class);
    return m;
  }

  @JsonIgnoreProperties({"skipped"})
  private abstract static class DerivedSkipped {}

  // Most cases override no axis: the field appears only on those that do, so that it reads as news where it is.
  private abstract static class CaseResultMixin {
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    abstract Map<String, String> axisOverrides();
  }
}
