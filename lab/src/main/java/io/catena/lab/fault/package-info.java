/**
 * Faults on clusters of real processes: {@code catena fault} and the lab's process tests.
 *
 * <p>{@link io.catena.lab.fault.ThreeRegionProcesses} starts three regions as child JVMs from a
 * {@link io.catena.lab.fault.ClusterLayout} (the first region optionally split over processes, the
 * WAN emulated inside the processes or carried by Toxiproxy proxies, {@link io.catena.lab.fault.WanLinks});
 * a {@link io.catena.lab.fault.FaultScenario} breaks and heals it while
 * {@link io.catena.lab.fault.FaultRun} keeps the bank workload running; the run ends with the
 * journals audited ({@link io.catena.lab.fault.ClusterJournals}, {@link io.catena.lab.fault.BankAudit})
 * and a per-second timeline ({@link io.catena.lab.fault.FaultTimeline},
 * {@link io.catena.lab.fault.FaultReport}). Terminal output is plain ASCII, as the lab's reports.
 */
package io.catena.lab.fault;
