package org.spatiallsm.workloads;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The GeoSpark storage study's generator: a grid over the real data's extent, each cell receiving a share of the
 * points equal to its share of the real points; inside a cell points are uniform ("RealDist"), or normal or
 * exponential around the cell's real points. Our real points are the city catalogue (the study used Natural Earth's
 * populated places).
 */
public final class GridProportionalPoints implements PointDistribution {

    /** How points are placed inside a cell. */
    public enum CellShape {
        /** uniform over the cell */
        UNIFORM,
        /** bivariate normal with the mean and covariance of the cell's real points */
        NORMAL,
        /** uniform direction, exponential distance from the cell's real centroid */
        EXPONENTIAL
    }

    /** Redraws of a normal or exponential sample that falls outside its cell before falling back to uniform. */
    private static final int MAX_REDRAWS = 64;
    /** Spread floor per dimension as a fraction of the cell's side: a cell with one real point still spreads. */
    private static final double MIN_SPREAD_FRACTION = 0.1;

    private final CellShape shape;
    private final int gridSize;
    private final GeoRect extent;
    private final double cellWidth;
    private final double cellHeight;
    private final long[] cumulativeCount;
    private final Cell[] cells;

    public GridProportionalPoints(CityCatalog realPoints, int gridSize, CellShape shape) {
        this.shape = shape;
        this.gridSize = gridSize;
        this.extent = extentOf(realPoints);
        this.cellWidth = extent.width() / gridSize;
        this.cellHeight = extent.height() / gridSize;
        CellStats[] stats = new CellStats[gridSize * gridSize];
        for (int i = 0; i < stats.length; i++) {
            stats[i] = new CellStats();
        }
        for (int i = 0; i < realPoints.size(); i++) {
            GeoPoint p = realPoints.location(i);
            stats[cellOf(p)].add(p);
        }
        this.cells = new Cell[stats.length];
        this.cumulativeCount = new long[stats.length];
        long total = 0;
        for (int i = 0; i < stats.length; i++) {
            cells[i] = stats[i].toCell(cellBounds(i), MIN_SPREAD_FRACTION);
            total += stats[i].count;
            cumulativeCount[i] = total;
        }
    }

    /** The cell (row-major index) that holds a point of the extent. */
    public int cellOf(GeoPoint p) {
        int column = Math.min(gridSize - 1, (int) ((p.lon() - extent.minLon()) / cellWidth));
        int row = Math.min(gridSize - 1, (int) ((p.lat() - extent.minLat()) / cellHeight));
        return row * gridSize + column;
    }

    public GeoRect cellBounds(int cell) {
        double minLon = extent.minLon() + (cell % gridSize) * cellWidth;
        double minLat = extent.minLat() + (cell / gridSize) * cellHeight;
        return new GeoRect(minLon, minLat, minLon + cellWidth, minLat + cellHeight);
    }

    @Override
    public GeoPoint sample(SplittableRandom random) {
        long target = random.nextLong(cumulativeCount[cumulativeCount.length - 1]);
        int index = Arrays.binarySearch(cumulativeCount, target + 1);
        Cell cell = cells[index >= 0 ? firstWithCount(index) : -index - 1];
        for (int attempt = 0; shape != CellShape.UNIFORM && attempt < MAX_REDRAWS; attempt++) {
            GeoPoint p = shape == CellShape.NORMAL ? cell.normal(random) : cell.exponential(random);
            if (cell.bounds.contains(p)) {
                return p;
            }
        }
        return new GeoPoint(random.nextDouble(cell.bounds.minLon(), cell.bounds.maxLon()),
                random.nextDouble(cell.bounds.minLat(), cell.bounds.maxLat()));
    }

    /** Empty cells repeat the previous cumulative count; the point belongs to the first cell reaching it. */
    private int firstWithCount(int index) {
        while (index > 0 && cumulativeCount[index - 1] == cumulativeCount[index]) {
            index--;
        }
        return index;
    }

    private static GeoRect extentOf(CityCatalog points) {
        double minLon = Double.MAX_VALUE;
        double minLat = Double.MAX_VALUE;
        double maxLon = -Double.MAX_VALUE;
        double maxLat = -Double.MAX_VALUE;
        for (int i = 0; i < points.size(); i++) {
            GeoPoint p = points.location(i);
            minLon = Math.min(minLon, p.lon());
            minLat = Math.min(minLat, p.lat());
            maxLon = Math.max(maxLon, p.lon());
            maxLat = Math.max(maxLat, p.lat());
        }
        return new GeoRect(minLon, minLat, maxLon, maxLat);
    }

    /** Running sums of a cell's real points, for their mean and covariance. */
    private static final class CellStats {
        long count;
        double sumLon;
        double sumLat;
        double sumLonLon;
        double sumLatLat;
        double sumLonLat;

        void add(GeoPoint p) {
            count++;
            sumLon += p.lon();
            sumLat += p.lat();
            sumLonLon += p.lon() * p.lon();
            sumLatLat += p.lat() * p.lat();
            sumLonLat += p.lon() * p.lat();
        }

        Cell toCell(GeoRect bounds, double minSpreadFraction) {
            if (count == 0) {
                return new Cell(bounds, 0, 0, 0, 0, 0);
            }
            double meanLon = sumLon / count;
            double meanLat = sumLat / count;
            double minVarLon = Math.pow(minSpreadFraction * bounds.width(), 2);
            double minVarLat = Math.pow(minSpreadFraction * bounds.height(), 2);
            double varLon = Math.max(minVarLon, sumLonLon / count - meanLon * meanLon);
            double varLat = Math.max(minVarLat, sumLatLat / count - meanLat * meanLat);
            double cov = sumLonLat / count - meanLon * meanLat;
            // Keep the matrix positive definite after flooring the variances.
            double maxCov = 0.99 * Math.sqrt(varLon * varLat);
            return new Cell(bounds, meanLon, meanLat, varLon, varLat, Math.max(-maxCov, Math.min(maxCov, cov)));
        }
    }

    /** A cell with the Cholesky factor of its real points' covariance. */
    private static final class Cell {
        final GeoRect bounds;
        final double meanLon;
        final double meanLat;
        final double l11;
        final double l21;
        final double l22;
        final double meanDistance;

        Cell(GeoRect bounds, double meanLon, double meanLat, double varLon, double varLat, double cov) {
            this.bounds = bounds;
            this.meanLon = meanLon;
            this.meanLat = meanLat;
            this.l11 = Math.sqrt(varLon);
            this.l21 = l11 == 0 ? 0 : cov / l11;
            this.l22 = Math.sqrt(Math.max(0, varLat - l21 * l21));
            this.meanDistance = Math.sqrt((varLon + varLat) / 2);
        }

        GeoPoint normal(SplittableRandom random) {
            double z1 = random.nextGaussian();
            double z2 = random.nextGaussian();
            return new GeoPoint(meanLon + l11 * z1, meanLat + l21 * z1 + l22 * z2);
        }

        GeoPoint exponential(SplittableRandom random) {
            double distance = -meanDistance * Math.log(1 - random.nextDouble());
            double angle = random.nextDouble(2 * Math.PI);
            return new GeoPoint(meanLon + distance * Math.cos(angle), meanLat + distance * Math.sin(angle));
        }
    }
}
