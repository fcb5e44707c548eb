// A practice member's role in words, shared by the practice screens (docs/decisions/0260).
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import type { PracticeRole } from '../../../common/practices.ts';

const m = withValues(defineMessages({
  owner: { id: 'practices.role.owner', defaultMessage: 'Owner', description: 'A practice member\'s role: the one who owns the practice (group clinic).' },
  admin: { id: 'practices.role.admin', defaultMessage: 'Admin', description: 'A practice member\'s role: manages the practice\'s members and settings.' },
  clinician: { id: 'practices.role.clinician', defaultMessage: 'Clinician', description: 'A practice member\'s role: a therapist who sees clients.' },
  intake: { id: 'practices.role.intake', defaultMessage: 'Intake', description: 'A practice member\'s role: handles the practice\'s incoming referrals (intake coordinator).' },
}));

export const ROLE_MESSAGES: Record<PracticeRole, MessageDescriptor> = m;
