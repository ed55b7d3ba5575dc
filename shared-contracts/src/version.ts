/**
 * The version of this contract. A remote records the version it was built against; the shell refuses a remote
 * whose major differs from its own (DESIGN §4), because session, events and schemas may have changed shape.
 */
export const CONTRACT_VERSION = '1.0.0';

export function contractMajor(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : -1;
}

export function isCompatibleContract(remoteVersion: string, hostVersion: string = CONTRACT_VERSION): boolean {
  return contractMajor(remoteVersion) === contractMajor(hostVersion) && contractMajor(hostVersion) >= 0;
}
