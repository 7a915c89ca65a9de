package dev.harness.core;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/** What went wrong with a file, in words, without Java class names. */
public final class FileErrors {
    private FileErrors() {
    }

    /**
     * Why a result file could not be written, found without creating or truncating it
     * (a run that fails to connect must not empty the results of an earlier one); null if it can.
     */
    public static String unwritable(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return "its directory does not exist";
        }
        if (Files.isDirectory(file)) {
            return "it is a directory";
        }
        if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(parent)) {
            return "permission denied";
        }
        return null;
    }

    /** Why a file could not be read. */
    public static String describeRead(IOException e) {
        return e instanceof NoSuchFileException ? "no such file" : describe(e);
    }

    /** Why a file could not be written (a missing file is created, so a missing directory is the problem). */
    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "its directory does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of the path is not a directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? "I/O error" : e.getMessage();
    }
}
