// What the client-privacy guard finds in a text, for the forms to show in place before the member sends it. The text is
// neither stored nor logged.
import type { PrivacyCheckResponse } from '../../../common/privacy-check.ts';
import { findIdentifiers } from '../../../common/privacy-guard/index.ts';
import type { AppContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';

export function checkText(_ctx: AppContext, _user: CurrentUser, input: { text: string }): PrivacyCheckResponse {
  return { findings: findIdentifiers(input.text) };
}
