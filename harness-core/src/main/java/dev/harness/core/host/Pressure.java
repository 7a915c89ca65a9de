package dev.harness.core.host;

import java.util.List;

/**
 * What one /proc/pressure file (cpu, io or memory) says: the share of the last 10 seconds that tasks waited.
 *
 * @param someAvg10 {@code some avg10}: % of the time at least one task waited; NaN when the line is absent
 * @param fullAvg10 {@code full avg10}: % of the time all non-idle tasks waited; NaN when the line is absent
 *        (pressure/cpu had no full line before 5.13, and that is not an error)
 */
record Pressure(double someAvg10, double fullAvg10) {
    static final String DIRECTORY = "pressure";
    static final Pressure NONE = new Pressure(Double.NaN, Double.NaN);

    static Pressure parse(List<String> lines, ProcLines.Notes notes) {
        double some = Double.NaN;
        double full = Double.NaN;
        for (String line : lines) {
            boolean isSome = line.startsWith("some ");
            if (!isSome && !line.startsWith("full ")) {
                continue;
            }
            try {
                String avg10 = ProcLines.fields(line)[1];
                if (!avg10.startsWith("avg10=")) {
                    throw new NumberFormatException(avg10);
                }
                double v = Double.parseDouble(avg10.substring("avg10=".length()));
                if (isSome) {
                    some = v;
                } else {
                    full = v;
                }
            } catch (RuntimeException e) {
                notes.malformed(line);
            }
        }
        return new Pressure(some, full);
    }
}
