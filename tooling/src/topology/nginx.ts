import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startProcess, type Started } from '../processes.js';
import type { TlsPair } from '../tls.js';

/** The production nginx files docker-compose.yml mounts: rendered here for loopback, never rewritten by hand. */
export const STATIC_TEMPLATE = path.join(REPO_ROOT, 'tooling', 'docker', 'nginx-static.conf.template');
export const EDGE_CONFIG = path.join(REPO_ROOT, 'tooling', 'docker', 'nginx-edge.conf');

const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

/** Replaces one exact piece of a production file; fails when the file no longer has it, so the two cannot drift. */
function replaceOnce(text: string, find: string | RegExp, replacement: string, file: string): string {
  const found = typeof find === 'string' ? text.includes(find) : text.search(find) !== -1;
  if (!found) throw new Error(`${path.relative(REPO_ROOT, file)} no longer contains ${String(find)}: update tooling/src/topology/nginx.ts`);
  return text.replace(find, () => replacement);
}

/** nginx's quoting for a path in a directive. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The static origin's server block exactly as the nginx image renders it from the template (envsubst of the
 * variables it is given: REMOTE_ORIGINS), then placed on a loopback port and a local folder instead of the
 * container's port 80 and /usr/share/nginx/html.
 */
export function renderStaticOrigin(options: { port: number; root: string; remoteOrigins: readonly string[] }): string {
  let config = readFileSync(STATIC_TEMPLATE, 'utf8');
  config = replaceOnce(config, /\$\{REMOTE_ORIGINS\}/g, options.remoteOrigins.join(' '), STATIC_TEMPLATE);
  config = replaceOnce(config, /^ *listen 80;$/m, `  listen 127.0.0.1:${options.port};`, STATIC_TEMPLATE);
  config = replaceOnce(config, /^ *root \/usr\/share\/nginx\/html;$/m, `  root ${quoted(options.root)};`, STATIC_TEMPLATE);
  return config;
}

type RemoteName = 'catalog' | 'support' | 'account';

/**
 * The edge proxy of docker-compose.yml with compose's service names replaced by loopback addresses: the shell's
 * origin and page server, each remote's fragment server and static origin, the API replicas, the remotes.json file
 * and the certificate pair the compose file mounts, and the fragment cache's folder. Its TLS port is the site's,
 * its plain HTTP port redirects there.
 */
export function renderEdge(options: {
  /** The site: TLS 1.3 and HTTP/2. */
  port: number;
  /** Plain HTTP, redirecting to `port`. */
  httpPort: number;
  /** Where the fragment and page servers reach the API through the edge. */
  internalApiPort: number;
  shellOrigin: string;
  /** host:port of the shell's page server and of each remote's fragment server and static origin. */
  shellPages: string;
  fragmentServers: Readonly<Record<RemoteName, string>>;
  staticOrigins: Readonly<Record<RemoteName, string>>;
  apiReplicas: readonly string[];
  remotesJson: string;
  cacheDir: string;
  tls: TlsPair;
  /**
   * Addresses (CIDR) the edge's request limits leave alone, in its `geo $edge_limits_exempt` as an operator would add
   * them: a load drill's virtual players, who all come from this machine's loopback. None by default.
   */
  limitsExempt?: readonly string[];
}): string {
  let config = readFileSync(EDGE_CONFIG, 'utf8');
  if (options.limitsExempt?.length) {
    const exempt = options.limitsExempt.map((cidr) => `  ${cidr} 1;\n`).join('');
    config = replaceOnce(
      config,
      'geo $edge_limits_exempt {\n  default 0;\n',
      `geo $edge_limits_exempt {\n  default 0;\n${exempt}`,
      EDGE_CONFIG,
    );
  }
  // The replicas' lines, each with the parameters production gives them (how long an unreachable one is left out).
  const replicaLines = /^(?: {2}server api-\d+:8090([^;\n]*);\n)+/m;
  const replicaParameters = replicaLines.exec(config)?.[1] ?? '';
  const replicas = options.apiReplicas.map((address) => `  server ${address}${replicaParameters};`).join('\n');
  config = replaceOnce(config, replicaLines, `${replicas}\n`, EDGE_CONFIG);
  config = replaceOnce(config, 'server shell-pages:8080;', `server ${options.shellPages};`, EDGE_CONFIG);
  for (const [remote, address] of Object.entries(options.fragmentServers)) {
    config = replaceOnce(config, `server ${remote}-fragments:8080;`, `server ${address};`, EDGE_CONFIG);
  }
  for (const [remote, address] of Object.entries(options.staticOrigins)) {
    config = replaceOnce(config, `server ${remote}:80;`, `server ${address};`, EDGE_CONFIG);
  }
  config = replaceOnce(
    config,
    'proxy_cache_path /var/cache/nginx/fragments ',
    `proxy_cache_path ${quoted(options.cacheDir)} `,
    EDGE_CONFIG,
  );
  config = replaceOnce(config, /^ *listen 80 default_server;$/m, `  listen 127.0.0.1:${options.httpPort} default_server;`, EDGE_CONFIG);
  config = replaceOnce(
    config,
    'return 301 https://$host$request_uri;',
    `return 301 https://$host:${options.port}$request_uri;`,
    EDGE_CONFIG,
  );
  config = replaceOnce(
    config,
    /^ *listen 443 ssl http2 default_server;$/m,
    `  listen 127.0.0.1:${options.port} ssl http2 default_server;`,
    EDGE_CONFIG,
  );
  config = replaceOnce(config, /^ *listen 443 ssl http2;$/m, `  listen 127.0.0.1:${options.port} ssl http2;`, EDGE_CONFIG);
  config = replaceOnce(
    config,
    /ssl_certificate \/etc\/nginx\/tls\/fullchain\.pem;/g,
    `ssl_certificate ${quoted(options.tls.certificate)};`,
    EDGE_CONFIG,
  );
  config = replaceOnce(
    config,
    /ssl_certificate_key \/etc\/nginx\/tls\/privkey\.pem;/g,
    `ssl_certificate_key ${quoted(options.tls.key)};`,
    EDGE_CONFIG,
  );
  config = replaceOnce(config, /^ *listen 8090;$/m, `  listen 127.0.0.1:${options.internalApiPort};`, EDGE_CONFIG);
  config = replaceOnce(config, 'alias /etc/platform/remotes.json;', `alias ${quoted(options.remotesJson)};`, EDGE_CONFIG);
  config = replaceOnce(config, 'proxy_pass http://shell:80;', `proxy_pass ${options.shellOrigin};`, EDGE_CONFIG);
  return config;
}

/** Debian's brotli module (libnginx-mod-http-brotli-static), which the production image's nginx.conf loads too. */
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * The production image's nginx.conf (Debian's) around one server's file, adapted to run as a child process: in
 * the foreground, its pid and temporary files in its own folder, errors on stderr (the process's log).
 */
function mainConfig(prefix: string, serverFile: string): string {
  // Started as root, nginx would run its workers as the build's default user (nobody), who cannot read a checkout
  // under a private folder (a mkdtemp clone, /root). This loopback-only copy runs them as the user who started it;
  // the production image keeps its unprivileged user.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  const temp = (name: string) => quoted(path.join(prefix, name));
  return `load_module ${quoted(BROTLI_STATIC_MODULE)};
${user}daemon off;
worker_processes 1;
pid ${quoted(path.join(prefix, 'nginx.pid'))};
error_log stderr warn;

events {
  worker_connections 1024;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  keepalive_timeout 65;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${quoted(serverFile)};
}
`;
}

export interface NginxServer {
  started: Started;
  configFile: string;
}

/**
 * Writes the configuration into `prefix` inside the production image's nginx.conf and checks it with `nginx -t`:
 * directives, modules, upstream addresses, certificates. Throws nginx's own complaint. Answers nginx's arguments.
 */
export function checkNginxConfig(prefix: string, serverConfig: string): { args: string[]; configFile: string } {
  if (!existsSync(NGINX_BINARY)) {
    throw new Error(`${NGINX_BINARY} not found: apt-get install -y nginx (tooling/scripts/ensure-tools.sh does it), or set NGINX_BINARY.`);
  }
  if (!existsSync(BROTLI_STATIC_MODULE)) {
    throw new Error(
      `${BROTLI_STATIC_MODULE} not found: apt-get install -y libnginx-mod-http-brotli-static (the test and drill scripts do it).`,
    );
  }
  mkdirSync(prefix, { recursive: true });
  const serverFile = path.join(prefix, 'server.conf');
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(serverFile, serverConfig);
  writeFileSync(configFile, mainConfig(prefix, serverFile));
  const args = ['-p', prefix, '-c', configFile, '-e', 'stderr'];
  try {
    execFileSync(NGINX_BINARY, [...args, '-t', '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`nginx refused ${configFile}:\n${stderr}`, { cause: error });
  }
  return { args, configFile };
}

/** Where the production files write their access log; the images link it to the container's stdout. */
const IMAGE_ACCESS_LOG = '/var/log/nginx/access.log';

/**
 * Writes and checks the configuration (checkNginxConfig), then starts nginx in the foreground as a child process
 * (stopped by its id; no system service is involved). The access log, which the images send to stdout, goes to
 * `<logDir>/<name>-access.log` beside its output: nginx cannot open /dev/stdout when it is a socket, as Node's
 * child-process pipes are.
 */
export function startNginx(name: string, prefix: string, serverConfig: string, logDir: string): NginxServer {
  mkdirSync(logDir, { recursive: true });
  const localConfig = serverConfig.replaceAll(
    `access_log ${IMAGE_ACCESS_LOG} `,
    `access_log ${quoted(path.join(logDir, `${name}-access.log`))} `,
  );
  const { args, configFile } = checkNginxConfig(prefix, localConfig);
  return { started: startProcess(name, NGINX_BINARY, args, { logDir }), configFile };
}
