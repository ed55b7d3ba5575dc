import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';

/** The file names the edge reads from its certificate folder (tooling/docker/nginx-edge.conf, /etc/nginx/tls). */
export const TLS_FILES = { certificate: 'fullchain.pem', key: 'privkey.pem' } as const;

/**
 * Names a local run reaches the edge by: every brand host on this machine (`nova.localhost`, `jp.aurum.localhost`)
 * and the remotes' static hosts of remotes.production.json.
 */
export const LOCAL_TLS_NAMES = ['localhost', '*.localhost', '*.aurum.localhost', '*.static.example', '127.0.0.1', '::1'] as const;

export interface TlsPair {
  certificate: string;
  key: string;
}

/**
 * Writes a self-signed certificate and its private key (P-256, valid 30 days) into `dir`, for local runs only:
 * browsers and clients trust it only when told to. Production mounts a real pair in the same file names.
 */
export function writeSelfSignedPair(dir: string, names: readonly string[] = LOCAL_TLS_NAMES): TlsPair {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pair = { certificate: path.join(dir, TLS_FILES.certificate), key: path.join(dir, TLS_FILES.key) };
  const subjectAltName = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=localhost',
      '-addext',
      `subjectAltName=${subjectAltName}`,
      '-keyout',
      pair.key,
      '-out',
      pair.certificate,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return pair;
}

/**
 * fetch as a browser talks to the edge: HTTP/2 where the server offers it (ALPN), trusting the given certificate
 * (a local self-signed pair) besides the usual authorities. Node's own fetch speaks HTTP/1.1 only.
 */
export function http2Fetch(trustedCertificate: string): typeof globalThis.fetch {
  const dispatcher = new Agent({ allowH2: true, connect: { ca: [...rootCertificates, readFileSync(trustedCertificate, 'utf8')] } });
  return (async (input: string | URL, init: RequestInit = {}) => {
    let { body, headers } = init;
    // undici's fetch knows its own FormData class only and would send Node's as the text "[object FormData]":
    // encoded here as a multipart body with Node's own fetch machinery instead.
    if (body instanceof FormData) {
      const encoded = new Response(body);
      headers = { ...Object.fromEntries(new Headers(headers)), 'content-type': encoded.headers.get('content-type')! };
      body = Buffer.from(await encoded.arrayBuffer());
    }
    return undiciFetch(input, { ...init, body, headers, dispatcher } as Parameters<typeof undiciFetch>[1]);
  }) as unknown as typeof globalThis.fetch;
}
