import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ReportTargetType } from '../../common/moderation.ts';
import { withValues } from '../lib/messages.ts';

const m = withValues(defineMessages({
  report: { id: 'components.report.button', defaultMessage: 'Report', description: 'Button: report a post, comment, resource, profile or message to the moderators.' },
  label: { id: 'components.report.label', defaultMessage: 'Report {what}', description: 'Accessible name of the report button and title of its dialog; {what} says what is reported ("comment by Amara Okafor").' },
}));

// The dialog is fetched when first opened, so no page pays for it up front.
const ReportDialog = lazy(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));

type Props = {
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the button's accessible name and the dialog's title ("comment by Amara Okafor"), in the reader's language. */
  what: string;
  size?: 'compact-sm' | 'sm';
};

/** "Report": opens the report dialog for one post, comment, resource, profile or received chat message. */
export function ReportButton({ targetType, targetId, what, size = 'compact-sm' }: Props) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button variant="subtle" color="gray" size={size} aria-label={intl.formatMessage(m.label, { what })} aria-haspopup="dialog"
        onClick={() => { setAsked(true); setOpened(true); }}>
        {intl.formatMessage(m.report)}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ReportDialog opened={opened} onClose={() => setOpened(false)} targetType={targetType} targetId={targetId} what={what} />
        </Suspense>
      )}
    </>
  );
}
