package io.catena.lab.cli;

import io.catena.core.protocol.Protocol;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Makes {@code --protocols} default to every protocol on the class path, for a command that
 * compares them all ({@code catena eval latency}); the paper's figures keep their own default of
 * Catena and its two baselines. Other options keep their annotated defaults.
 */
final class EveryProtocol implements IDefaultValueProvider {

    @Override
    public String defaultValue(ArgSpec arg) {
        return arg instanceof OptionSpec o && o.longestName().equals("--protocols")
                ? String.join(",", Protocol.names()) : null;
    }
}
