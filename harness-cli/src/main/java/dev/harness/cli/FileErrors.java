package dev.harness.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** What went wrong with a file, in words, without Java class names. */
final class FileErrors {
    private FileErrors() {
    }

    static String describe(IOException e) {
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
