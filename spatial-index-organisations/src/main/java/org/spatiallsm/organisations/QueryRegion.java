package org.spatiallsm.organisations;

/**
 * The region of a {@code spatial_intersect} query on points. The index search covers its minimum bounding
 * rectangle; refinement keeps the points that {@link #contains} admits (boundaries included, as AsterixDB does).
 */
public sealed interface QueryRegion permits QueryRegion.Rectangle, QueryRegion.Circle {

    Rectangle mbr();

    boolean contains(double x, double y);

    /** An axis-aligned rectangle, bounds inclusive; a point query is the rectangle with equal corners. */
    record Rectangle(double minX, double minY, double maxX, double maxY) implements QueryRegion {

        public Rectangle {
            if (!(minX <= maxX && minY <= maxY)) {
                throw new IllegalArgumentException("the rectangle's lower corner (" + minX + ", " + minY
                        + ") is not below and left of its upper corner (" + maxX + ", " + maxY + ")");
            }
        }

        public static Rectangle point(double x, double y) {
            return new Rectangle(x, y, x, y);
        }

        @Override
        public Rectangle mbr() {
            return this;
        }

        @Override
        public boolean contains(double x, double y) {
            return minX <= x && x <= maxX && minY <= y && y <= maxY;
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
        public Rectangle mbr() {
            return new Rectangle(centreX - radius, centreY - radius, centreX + radius, centreY + radius);
        }

        @Override
        public boolean contains(double x, double y) {
            double dx = x - centreX;
            double dy = y - centreY;
            return dx * dx + dy * dy <= radius * radius;
        }
    }
}
