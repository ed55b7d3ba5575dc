/** Ports of the composed site the browser tests start (apart from npm start's defaults, so both can run). */
export const PORTS = {
  api: 18090,
  shell: 18080,
  catalog: 18081,
  support: 18082,
  account: 18083,
  /** A second shell whose remotes.json sends the support remote to a port where nothing listens. */
  shellWithSupportDown: 18088,
  deadSupport: 18099,
  /** The SMTP server the API sends mail to, and the HTTP port the tests read the received mail from. */
  smtp: 18025,
  mailbox: 18026,
} as const;

/** The site as a brand's host sees it; `*.localhost` resolves to this machine in Chromium. */
export function site(host = 'nova.localhost', port: number = PORTS.shell): string {
  return `http://${host}:${port}`;
}
