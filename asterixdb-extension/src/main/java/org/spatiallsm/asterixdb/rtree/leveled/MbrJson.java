package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import org.spatiallsm.geometry.Rect;

/**
 * An MBR in the leveled manifest: the JSON array {@code [minX, minY, maxX, maxY]}, the form every manifest has
 * used, so that manifests written before the MBR was a {@link Rect} still read.
 */
final class MbrJson {

    static final SimpleModule MODULE = new SimpleModule("leveled-manifest-mbr")
            .addSerializer(Rect.class, new Writer()).addDeserializer(Rect.class, new Reader());

    private MbrJson() {
    }

    private static final class Writer extends StdSerializer<Rect> {

        Writer() {
            super(Rect.class);
        }

        @Override
        public void serialize(Rect mbr, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeArray(new double[] { mbr.minX(), mbr.minY(), mbr.maxX(), mbr.maxY() }, 0, 4);
        }
    }

    private static final class Reader extends StdDeserializer<Rect> {

        Reader() {
            super(Rect.class);
        }

        @Override
        public Rect deserialize(JsonParser in, DeserializationContext context) throws IOException {
            double[] corners = context.readValue(in, double[].class);
            if (corners.length != 4) {
                throw JsonMappingException.from(in, "an MBR has 4 coordinates, not " + corners.length);
            }
            try {
                return new Rect(corners[0], corners[1], corners[2], corners[3]);
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(in, e.getMessage(), e);
            }
        }
    }
}
