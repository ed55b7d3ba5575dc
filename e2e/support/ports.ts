/** Ports of the composed site the browser tests start (apart from npm start's defaults, so both can run). */
export const PORTS = {
  api: 18090,
  /** The API's metrics port (METRICS_PORT): never behind the site's /api/ path. */
  apiMetrics: 18094,
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
  /** The local OAuth 2 / OpenID Connect server that stands in for the five social providers. */
  oauth: 18030,
} as const;

/** The site as a brand's host sees it; `*.localhost` resolves to this machine in Chromium. */
export function site(host = 'nova.localhost', port: number = PORTS.shell): string {
  return `http://${host}:${port}`;
}

/** Site origins a social login may return to (the API's OAUTH_REDIRECT_ORIGINS). */
export const OAUTH_REDIRECT_ORIGINS = [site('nova.localhost'), site('hikari.localhost'), site('verda.localhost')];

/** Tickets waiting for an agent from which the inquiry form shows the wait notice (the API's SUPPORT_LONG_QUEUE). */
export const LONG_QUEUE_THRESHOLD = 5;
