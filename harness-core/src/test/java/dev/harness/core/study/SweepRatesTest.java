package dev.harness.core.study;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

class SweepRatesTest {
    @Test
    void listedRatesAreKeptAsGivenWhenIncreasing() {
        assertArrayEquals(new double[] {250, 500, 1000}, SweepRates.listed(List.of(250.0, 500.0, 1000.0)));
    }

    @Test
    void ratesThatDoNotIncreaseAreRefusedNamingThePair() {
        SettingsException e = assertThrows(SettingsException.class, () -> SweepRates.listed(List.of(500.0, 1000.0, 1000.0)));
        assertEquals("--rates: expected increasing rates, from light load up; 1000 follows 1000", e.getMessage());
        assertThrows(SettingsException.class, () -> SweepRates.listed(List.of(2000.0, 1000.0)));
        assertTrue(assertThrows(SettingsException.class, () -> SweepRates.listed(List.of(0.0, 10.0))).getMessage()
                .contains("--to max"), "max is no rate of a step");
    }

    @Test
    void aGeometricSeriesHasTheSameFactorBetweenStepsAndEndsExactlyAtTo() {
        assertArrayEquals(new double[] {100, 200, 400, 800}, SweepRates.geometric(100, 800, 4));
        double[] r = SweepRates.geometric(250, 4000, 5);
        assertArrayEquals(new double[] {250, 500, 1000, 2000, 4000}, r);
        // Below 10 a rate keeps its fraction: 1 to 8 in 4 steps is 1, 2, 4, 8 and 1 to 2 in 3 is 1, 1.41, 2.
        assertEquals(Math.sqrt(2), SweepRates.geometric(1, 2, 3)[1], 1e-12);
    }

    @Test
    void aSeriesThatDoesNotRiseIsRefused() {
        assertEquals("--to: expected a rate above --from 1000, got 500",
                assertThrows(SettingsException.class, () -> SweepRates.geometric(1000, 500, 4)).getMessage());
        assertThrows(SettingsException.class, () -> SweepRates.geometric(100, 100, 4));
        assertTrue(assertThrows(SettingsException.class, () -> SweepRates.geometric(100, 103, 8)).getMessage()
                .contains("round to equal rates"));
        assertThrows(SettingsException.class, () -> SweepRates.geometric(100, 1000, 1), "--steps 1 is no series");
    }

    @Test
    void aroundTheCapacityFromATenthToPastIt() {
        double[] r = SweepRates.aroundCapacity(10_000, null, 6);
        assertEquals(1000, r[0]);
        assertEquals(11_000, r[5]);
        assertEquals(6, r.length);
        assertEquals(300, SweepRates.aroundCapacity(10_000, 300.0, 4)[0], "--from, when given, is the lightest step");
        assertThrows(SettingsException.class, () -> SweepRates.aroundCapacity(1000, 5000.0, 4));
    }
}
