/** The targets of issue 5 ("Targets to reach"), printed next to the figures; the bench passes or fails nothing. */
export const TARGETS = {
  firstLoadJsGzipKb: 200,
  furtherRemoteGzipKb: 40,
  sharedCopies: 1,
  apiCachedReadsPerSecond: 10_000,
  apiCreatesPerSecond: 1_000,
  apiP99Ms: 50,
  lighthousePerformance: 95,
  lighthouseAccessibility: 95,
  cls: 0.02,
  federatedToMonolithRatio: 1.25,
} as const;

/** Reference figures of ../shared/STACK-NOTES.md (gzip -9 KB of first-load JavaScript). */
export const REFERENCE = { monolithGzipKb: 150, naiveFederatedGzipKb: 261, leveredFederatedGzipKb: 206 } as const;
