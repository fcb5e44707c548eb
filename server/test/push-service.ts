// A Web Push service on loopback for tests and benches: it takes what a real one takes (RFC 8030 POST with RFC 8292
// VAPID and an RFC 8291 aes128gcm body), checks the VAPID token's signature, audience and expiry, decrypts the body
// with the subscription's private keys, and keeps what arrived. Its certificate is made here, for 127.0.0.1, by
// openssl; PUSH_CA_FILE lets the server trust it.
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error http_ece ships no types; it is the encoding's reference implementation (web-push uses it to encrypt).
import ece from 'http_ece';

type ArrivedPush = {
  subscriptionId: string;
  /** The decrypted body, parsed. */
  payload: Record<string, unknown>;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined };
  /** The VAPID token's claims (aud, exp, sub). */
  claims: Record<string, unknown>;
  vapidKey: string;
  at: number;
};

export type BrowserSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
type Subscriber = { ecdh: ECDH; auth: Buffer; answer: number; hang: boolean };

export type LocalPushService = {
  caFile: string;
  origin: string;
  /** A subscription as a browser would hand it to the page (PushSubscription.toJSON()). */
  subscribe(): BrowserSubscription;
  /** What the service answers for this subscription from now on (410: gone); `hang` never answers. */
  answer(id: string, status: number, options?: { hang?: boolean }): void;
  arrived: ArrivedPush[];
  /** Requests refused (bad signature, undecryptable), with why. */
  refused: { subscriptionId: string; reason: string }[];
  /** Resolves with the first push to arrive for the subscription that matches. */
  next(id: string, match?: (p: ArrivedPush) => boolean, timeoutMs?: number): Promise<ArrivedPush>;
  close(): Promise<void>;
};

function makeCertificate(dir: string): { key: string; cert: string; caFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', caFile], { stdio: 'ignore' });
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(caFile, 'utf8'), caFile };
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 token signed by the key's private half, for this origin, not expired. */
function checkVapid(header: string | undefined, origin: string): { claims: Record<string, unknown>; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, token, key] = match;
  const [head, body, signature] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('bad signature');
  const alg = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (alg.alg !== 'ES256') throw new Error('not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.aud !== origin) throw new Error(`audience ${String(claims.aud)} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) throw new Error('bad expiry');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('bad subject');
  return { claims, key };
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-push-'));
  const { key, cert, caFile } = makeCertificate(dir);
  const subscribers = new Map<string, Subscriber>();
  const arrived: ArrivedPush[] = [];
  const refused: LocalPushService['refused'] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscriber = subscribers.get(id);
      if (request.method !== 'POST' || !subscriber) return void response.writeHead(404).end();
      if (subscriber.hang) return;
      if (subscriber.answer >= 300) return void response.writeHead(subscriber.answer).end();
      try {
        const vapid = checkVapid(request.headers.authorization, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.auth.toString('base64url') }) as Buffer;
        arrived.push({
          subscriptionId: id, payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>, claims: vapid.claims, vapidKey: vapid.key,
          headers: { ttl: request.headers.ttl as string | undefined, urgency: request.headers.urgency as string | undefined, topic: request.headers.topic as string | undefined },
          at: Date.now(),
        });
        for (const wake of waiters) wake();
        response.writeHead(201, { Location: `${origin}/message/${randomBytes(8).toString('hex')}` }).end();
      } catch (error) {
        refused.push({ subscriptionId: id, reason: (error as Error).message });
        response.writeHead(400).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    caFile,
    origin,
    arrived,
    refused,
    subscribe() {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth, answer: 201, hang: false });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    answer(id, status, options = {}) {
      const s = subscribers.get(id);
      if (s) Object.assign(s, { answer: status, hang: options.hang ?? false });
    },
    next(id, match = () => true, timeoutMs = 10_000) {
      const find = () => arrived.find((p) => p.subscriptionId === id && match(p));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const wake = () => {
          const hit = find();
          if (hit) {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no push for ${id} within ${timeoutMs} ms (refused: ${JSON.stringify(refused)})`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
