/**
 * The targets of issue 5 ("Targets to reach") and issue 13 ("Targets"), printed next to the figures; the bench
 * passes or fails nothing.
 */
export const TARGETS = {
  firstLoadJsGzipKb: 200,
  furtherRemoteGzipKb: 40,
  sharedCopies: 1,
  apiCachedReadsPerSecond: 10_000,
  apiCreatesPerSecond: 1_000,
  apiP99Ms: 50,
  /** Lighthouse mobile: the median performance score of a page's runs, and its worst run. */
  lighthousePerformance: 97,
  lighthouseMinPerformance: 93,
  /** The median performance score at 8x CPU slowdown (start-up work lands in the TBT window). */
  lighthouseSlowPerformance: 93,
  lighthouseAccessibility: 95,
  fcpMs: 1_200,
  lcpMs: 1_800,
  tbtMs: 100,
  cls: 0.02,
  federatedToMonolithRatio: 1.25,
  /** `/`'s first-view fragment from the catalogue's origin, on this machine's two cores. */
  fragmentsCachedPerSecond: 1_000,
  fragmentsUncachedPerSecond: 200,
  fragmentP99Ms: 50,
  /** Issue 15: idle live streams one API replica holds at once, and the p95 delay of a change with this many open. */
  liveIdleStreamsPerReplica: 5_000,
  liveLoadedStreams: 1_000,
  liveDeliveryP95Ms: 1_000,
  /** Issue 15 item 5: each of the desk's queries (queue, filters, search, history, dashboard) at 1,000,000 tickets. */
  deskP95Ms: 100,
} as const;

/** Reference figures of ../shared/STACK-NOTES.md (gzip -9 KB of first-load JavaScript). */
export const REFERENCE = { monolithGzipKb: 150, naiveFederatedGzipKb: 261, leveredFederatedGzipKb: 206 } as const;
