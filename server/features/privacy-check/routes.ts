import { PrivacyCheckBody, PrivacyCheckResponse } from '../../../common/privacy-check.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { checkText } from './service.ts';

/** The privacy check the forms ask as a member types a note or message about a client (counted in the 'checks' writes). */
export function privacyCheckRoutes(app: App, ctx: AppContext): void {
  app.post('/api/privacy/check', {
    onRequest: verified, schema: { body: PrivacyCheckBody, response: { 200: PrivacyCheckResponse } },
  }, async (request) => checkText(ctx, currentUser(request), request.body));
}
