import type { App } from '../context.ts';
import type { TestUser } from './factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `call(method, url, user?, payload?)` against a test app, as that user (signed out without one): the status and the
 * parsed body, so one `toEqual` checks both. The app is read at call time, as test files build it in `beforeAll`.
 */
export function caller(app: () => App) {
  return async (method: Method, url: string, user?: TestUser, payload?: object) => {
    const res = await app().inject({ method, url, headers: user?.headers ?? {}, payload });
    return { status: res.statusCode, body: res.json() };
  };
}
