import os from 'node:os';
import path from 'node:path';

// Each e2e run gets its own port, folder and SMTP port, so parallel runs never meet.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_SMTP_PORT = E2E_PORT + 1000;
export const E2E_DIR = path.join(os.tmpdir(), `thera-e2e-${E2E_PORT}`);
export const E2E_MAILBOX = path.join(E2E_DIR, 'mailbox');
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_APP_SECRET = 'e2e-signed-links-key-0123456789abcdef';
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password-1' };
