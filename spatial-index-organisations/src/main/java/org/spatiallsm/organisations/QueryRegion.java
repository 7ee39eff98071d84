package org.spatiallsm.organisations;

import org.spatiallsm.geometry.Rect;

/**
 * The region of a {@code spatial_intersect} query on points. The index search covers its minimum bounding
 * rectangle; refinement keeps the points that {@link #contains} admits (boundaries included, as AsterixDB does).
 */
public sealed interface QueryRegion permits QueryRegion.Rectangle, QueryRegion.Circle {

    Rect mbr();

    boolean contains(double x, double y);

    /** A rectangle as a query region; a point query is the rectangle with equal corners. */
    record Rectangle(Rect rect) implements QueryRegion {

        @Override
        public Rect mbr() {
            return rect;
        }

        @Override
        public boolean contains(double x, double y) {
            return rect.contains(x, y);
        }
    }

    /** A circle: the points at distance at most {@code radius} from the centre. */
    record Circle(double centreX, double centreY, double radius) implements QueryRegion {

        public Circle {
            if (!(radius >= 0)) {
                throw new IllegalArgumentException("the circle's radius must be at least 0, was " + radius);
            }
        }

        @Override
        public Rect mbr() {
            return new Rect(centreX - radius, centreY - radius, centreX + radius, centreY + radius);
        }

        @Override
        public boolean contains(double x, double y) {
            double dx = x - centreX;
            double dy = y - centreY;
            return dx * dx + dy * dy <= radius * radius;
        }
    }
}
