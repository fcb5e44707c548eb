// After deleting their account the member is sent to the login page, which says so (calmly) instead of nothing.
// Shared by the settings (which send there) and the login page (which reads it); no zod, for the login page's chunk.

/** The query the settings add to /login after a deletion. */
export const ACCOUNT_DELETED_PARAM = 'deleted=1';

// What the login page says then is in its catalogue messages (web/features/accounts/LoginPage.tsx); the first
// sentence is the API's own answer (common/privacy.ts ACCOUNT_DELETED).

export const cameFromDeletion = (params: URLSearchParams) => params.get('deleted') === '1';
