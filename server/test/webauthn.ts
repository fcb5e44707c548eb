// A software authenticator for tests: makes real WebAuthn answers (ES256 keys, "none" attestation) that the server
// checks with @simplewebauthn/server exactly as it checks a browser's, so tests can sign in with a passkey.
import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { App } from '../context.ts';
import type { TestUser } from './factories.ts';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };

export class SoftAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  private userHandle = '';

  private readonly origin: string;
  private readonly options: { userVerified?: boolean };

  constructor(origin: string, options: { userVerified?: boolean } = {}) {
    this.origin = origin;
    this.options = options;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authData(rpId: string, attested: boolean): Buffer {
    const flags = 0x01 | (this.options.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const jwk = this.keys.publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([
        [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')],
      ]));
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create's answer, as @simplewebauthn/browser encodes it. */
  create(options: Options) {
    this.userHandle = options.user?.id ?? '';
    const authData = this.authData(options.rp?.id ?? new URL(this.origin).hostname, true);
    const fields: [string, Parameters<typeof isoCBOR.encode>[0]][] = [['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]];
    const attestationObject = isoCBOR.encode(new Map(fields));
    return {
      id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {},
      response: { clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)), attestationObject: b64(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get's answer; `origin` lets a test sign for another site. */
  get(options: Options, { origin = this.origin }: { origin?: string } = {}) {
    const authData = this.authData(options.rpId ?? new URL(this.origin).hostname, false);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {},
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature), userHandle: this.userHandle || undefined },
    };
  }
}

/** Adds a passkey to the user's account through the API; the authenticator signs with it afterwards. */
export async function addPasskey(app: App, user: TestUser, origin: string, name = 'Laptop'): Promise<{ authenticator: SoftAuthenticator; id: string }> {
  const authenticator = new SoftAuthenticator(origin);
  const options = await app.inject({ method: 'POST', url: '/api/users/me/passkeys/options', headers: user.headers, payload: { password: user.password } });
  if (options.statusCode !== 200) throw new Error(`options: ${options.statusCode} ${options.body}`);
  const added = await app.inject({
    method: 'POST', url: '/api/users/me/passkeys', headers: user.headers, payload: { name, response: authenticator.create(options.json()) },
  });
  if (added.statusCode !== 201) throw new Error(`add: ${added.statusCode} ${added.body}`);
  return { authenticator, id: added.json()._id };
}
