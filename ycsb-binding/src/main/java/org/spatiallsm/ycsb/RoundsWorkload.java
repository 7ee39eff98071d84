package org.spatiallsm.ycsb;

import java.util.HashMap;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * The run phase of Mao's spatial study: rounds of {@code rounds.inserts} inserts followed by {@code rounds.reads}
 * reads, instead of CoreWorkload's random mix. A read targets a record chosen uniformly among those of the load phase
 * and of the earlier rounds, so with {@code spatiallsm.read=range} every range query is centred on a stored point.
 * The current round's inserts are left out because the feed makes a record visible only some time after it was
 * sent: a read centred on one of them could come back empty through no fault of the store. With several threads the
 * rounds are shared: the operation counter is global.
 */
public final class RoundsWorkload extends CoreWorkload {

    private final AtomicLong operations = new AtomicLong();
    private long insertsPerRound;
    private long readsPerRound;

    @Override
    public void init(Properties p) throws WorkloadException {
        super.init(p);
        insertsPerRound = positive(p, "rounds.inserts", 1000);
        readsPerRound = positive(p, "rounds.reads", 100);
        if (insertsPerRound + readsPerRound == 0) {
            throw new WorkloadException("rounds.inserts and rounds.reads cannot both be 0");
        }
    }

    private static long positive(Properties p, String name, long defaultValue) throws WorkloadException {
        String text = p.getProperty(name, Long.toString(defaultValue));
        try {
            long value = Long.parseLong(text.trim());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new WorkloadException(name + " must be a whole number >= 0, got '" + text + "'");
    }

    @Override
    public boolean doTransaction(DB db, Object threadState) {
        long operation = operations.getAndIncrement();
        long round = operation / (insertsPerRound + readsPerRound);
        if (operation % (insertsPerRound + readsPerRound) < insertsPerRound) {
            doTransactionInsert(db);
        } else {
            // lastValue() is the highest key whose insert, and every insert before it, has completed: with several
            // threads, an insert of an earlier round may still be in flight on another thread.
            long beforeThisRound = recordcount + round * insertsPerRound;
            long keynum = ThreadLocalRandom.current().nextLong(Math.min(beforeThisRound,
                    transactioninsertkeysequence.lastValue() + 1));
            db.read(table, buildKeyName(keynum), null, new HashMap<>());
        }
        return true;
    }
}
