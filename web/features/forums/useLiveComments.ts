// The open post's comments stay current: the page watches the post on the app's one socket (again after each
// reconnection, which also reads what was missed), and a new comment by anyone reloads the thread and the count.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PostCommentAddedEvent } from '../../../common/posts.ts';
import { isVerified, useSession } from '../../lib/session.tsx';
import { getSocket } from '../../lib/socket.ts';
import { keys } from './api.ts';

export function useLiveComments(postId: string | undefined): void {
  const { user } = useSession();
  const qc = useQueryClient();
  const enabled = isVerified(user) && Boolean(postId);
  useEffect(() => {
    if (!enabled || !postId) return;
    const socket = getSocket();
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: keys.comments(postId) });
      void qc.invalidateQueries({ queryKey: keys.post(postId) });
    };
    const watch = () => socket.emit('watchPost', { postId });
    // A room does not outlive its connection: watched again on every connection; a reconnection also reads what was
    // added while it was down.
    const onConnect = () => watch();
    const onComment = (event: PostCommentAddedEvent) => {
      if (event.postId === postId) refresh();
    };
    if (socket.connected) watch();
    socket.on('connect', onConnect);
    socket.io.on('reconnect', refresh);
    socket.on('postCommentAdded', onComment);
    return () => {
      socket.off('connect', onConnect);
      socket.io.off('reconnect', refresh);
      socket.off('postCommentAdded', onComment);
      if (socket.connected) socket.emit('unwatchPost', { postId });
    };
  }, [enabled, postId, qc]);
}
