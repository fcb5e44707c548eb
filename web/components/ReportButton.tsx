import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '../../common/moderation.ts';

// The dialog is fetched when first opened, so no page pays for it up front.
const ReportDialog = lazy(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));

type Props = {
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the button's accessible name and the dialog's title ("comment by Amara Okafor"). */
  what: string;
  size?: 'compact-sm' | 'sm';
};

/** "Report": opens the report dialog for one post, comment, resource, profile or received chat message. */
export function ReportButton({ targetType, targetId, what, size = 'compact-sm' }: Props) {
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button variant="subtle" color="gray" size={size} aria-label={`Report ${what}`} aria-haspopup="dialog"
        onClick={() => { setAsked(true); setOpened(true); }}>
        Report
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ReportDialog opened={opened} onClose={() => setOpened(false)} targetType={targetType} targetId={targetId} what={what} />
        </Suspense>
      )}
    </>
  );
}
