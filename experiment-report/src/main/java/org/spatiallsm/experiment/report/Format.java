package org.spatiallsm.experiment.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** How the report writes numbers: at most three decimals, no exponent, unknown as empty. */
final class Format {
    static final double MIB = 1024.0 * 1024.0;

    private Format() {
    }

    static String number(double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        String text = BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
        return "-0".equals(text) ? "0" : text;
    }

    /**
     * A selectivity as the plots label it: σ is an exponent (a window covers 10^-2σ of the extent), not a
     * percentage; "none" for query kinds that have none.
     */
    static String sigma(double sigma) {
        return Double.isNaN(sigma) ? "none" : number(sigma);
    }

    static String mebibytes(double bytes) {
        return number(bytes / MIB);
    }
}
