// A consultation case's comments: each with the files shared on it (images as thumbnails that open
// the viewer, other files as cards), and the composer, which takes files as the chat's does: the paperclip, each file
// uploading at once with its progress, and the comment sent with the files that have arrived.
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { MESSAGE_ATTACHMENTS_MAX } from '../../../common/files.ts';
import type { GroupCase } from '../../../common/groups.ts';
import { AttachButton } from '../../components/files/AttachButton.tsx';
import { Attachments } from '../../components/files/Attachments.tsx';
import { ImageViewer } from '../../components/files/ImageViewer.tsx';
import { UploadList } from '../../components/files/UploadList.tsx';
import { useUploads } from '../../components/files/useUploads.ts';
import { PrivacyFindings } from '../../components/PrivacyFindings.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { withValues } from '../../lib/messages.ts';
import { clearToSend, usePrivacyCheck } from '../../lib/privacy-check.ts';
import { groupCalls, useGroupWrite } from './api.ts';

const m = withValues(defineMessages({
  commentBy: { id: 'groups.cases.commentBy', defaultMessage: '<b>{name}:</b> {body}', description: 'A comment on a case: its author in bold, then what they wrote' },
  formerMember: { id: 'groups.cases.formerMember', defaultMessage: 'A former member', description: 'Author of a comment who left Thera Root' },
  commentLabel: { id: 'groups.cases.commentLabel', defaultMessage: 'Comment', description: 'Label of the reply field under a case (a noun)' },
  comment: { id: 'groups.cases.comment', defaultMessage: 'Comment', description: 'Button under a case: post the comment (a verb)' },
  attach: {
    id: 'groups.cases.attach', defaultMessage: 'Attach files to the comment',
    description: 'Screen-reader name of the paperclip button beside a case\'s comment field',
  },
}));

const bold = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;

export function CaseComments({ groupId, item: c }: { groupId: string; item: GroupCase }) {
  const intl = useIntl();
  const [viewing, setViewing] = useState<string | null>(null);
  const images = c.comments.flatMap((k) => k.attachments.filter((f) => f.kind === 'image'));
  return (
    <>
      <Stack gap={4} mt="xs">
        {c.comments.map((k) => (
          <div key={k._id} data-testid="case-comment" style={{ paddingLeft: k.parentId ? 'var(--mantine-spacing-md)' : 0 }}>
            <Text size="sm">
              {intl.formatMessage(m.commentBy, { name: k.author?.name ?? intl.formatMessage(m.formerMember), body: k.body, b: bold })}
            </Text>
            <Attachments files={k.attachments} onOpenImage={setViewing} />
          </div>
        ))}
      </Stack>
      <ImageViewer images={images} openId={viewing} onChange={setViewing} />
      <CommentComposer groupId={groupId} caseId={c._id} />
    </>
  );
}

function CommentComposer({ groupId, caseId }: { groupId: string; caseId: string }) {
  const intl = useIntl();
  const [reply, setReply] = useState('');
  const check = usePrivacyCheck(reply);
  const confirm = useConfirm();
  const uploads = useUploads({ max: MESSAGE_ATTACHMENTS_MAX });
  const comment = useGroupWrite(groupCalls.comment);
  const send = async () => {
    const clear = await clearToSend(check, reply, confirm);
    if (!clear) return;
    const body = { body: reply, confirmLikelyName: clear.confirmLikelyName, attachmentIds: uploads.ready.map((f) => f._id) };
    comment.mutate({ id: groupId, caseId, body }, {
      onSuccess: () => {
        setReply('');
        uploads.clear();
      },
    });
  };
  return (
    <>
      <Textarea label={intl.formatMessage(m.commentLabel)} size="sm" mt="xs" autosize value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
      <PrivacyFindings findings={check.findings} text={check.checkedText} subject="comment" />
      <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
      {uploads.notice && <Text size="sm" c="red.8" role="alert">{uploads.notice}</Text>}
      <Group gap="xs" mt={4}>
        <AttachButton onPick={uploads.add} label={intl.formatMessage(m.attach)} disabled={comment.isPending} />
        <Button size="xs" w="fit-content" disabled={!reply.trim() || uploads.busy} loading={comment.isPending} onClick={() => void send()}>
          {intl.formatMessage(m.comment)}
        </Button>
      </Group>
      {comment.isError && <Alert color="red" role="alert" mt={4}>{comment.error.message}</Alert>}
    </>
  );
}
