package io.catena.server.config;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads a region process's YAML configuration file (the schema is in {@code deploy/local/README.md}
 * and on {@link ServerConfig}'s components). Relative paths in the file are relative to the
 * file's directory. Every problem — YAML syntax, unknown keys, wrong types, values that do not
 * fit together — is reported at once, with its line, in a {@link ConfigException}.
 */
public final class ConfigFile {

    private ConfigFile() {
    }

    /**
     * The configuration in {@code file}.
     *
     * @throws ConfigException if the file cannot be read or is not a valid configuration
     */
    public static ServerConfig load(Path file) {
        return load(file, null);
    }

    /**
     * The configuration in {@code file}, run as {@code region} (from the command line) whatever
     * the file's {@code region:} says.
     *
     * @param region the region to run, or null to take the file's
     * @throws ConfigException if the file cannot be read or is not a valid configuration
     */
    public static ServerConfig load(Path file, String region) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            throw unreadable(file, "no such file");
        } catch (CharacterCodingException notText) {
            throw unreadable(file, "not UTF-8 text");
        } catch (IOException failed) {
            throw unreadable(file, "cannot be read: " + failed.getMessage());
        }
        Path directory = Optional.ofNullable(file.toAbsolutePath().getParent()).orElse(Path.of("/"));
        return parse(text, file.toString(), directory, region);
    }

    /**
     * The configuration in {@code yaml}.
     *
     * @param source        how problems name the text, usually its file name
     * @param baseDirectory what relative paths in the text are relative to
     * @param region        the region to run, or null to take the text's {@code region:}
     * @throws ConfigException if the text is not a valid configuration
     */
    public static ServerConfig parse(String yaml, String source, Path baseDirectory, String region) {
        ConfigProblems problems = new ConfigProblems(source);
        Optional<ConfigNode.Mapping> root = ConfigTreeParser.parse(yaml, problems);
        if (root.isEmpty()) {
            problems.throwIfAny();
        }
        ServerConfig.Builder draft = ConfigFileReader.read(root.orElseThrow(), baseDirectory, problems).source(source);
        if (region != null) {
            draft.region(region);
        }
        return ConfigValidator.validate(draft, problems, region != null);
    }

    private static ConfigException unreadable(Path file, String why) {
        return new ConfigException(file.toString(), List.of(new ConfigProblem(file.toString(), 0, "", why)));
    }
}
