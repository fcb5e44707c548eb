// Keeps the bell's count and the loaded lists current from the app's one socket (connected by the chat feature's
// RealtimeConnection for every verified member). Mounted once, by the bell in the signed-in layout.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationCountEvent, NotificationEvent } from '../../../common/notifications.ts';
import { getSocket } from '../../lib/socket.ts';
import { applyCountEvent, applyNotificationEvent, notificationKeys } from './api.ts';

export function useLiveNotifications(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    const onNotification = (event: NotificationEvent) => applyNotificationEvent(qc, event);
    const onCount = ({ unreadCount }: NotificationCountEvent) => applyCountEvent(qc, unreadCount);
    // What arrived while the connection was down is read again.
    const onConnect = () => void qc.invalidateQueries({ queryKey: notificationKeys.all });
    socket.on('notification', onNotification);
    socket.on('notificationCount', onCount);
    socket.on('connect', onConnect);
    return () => {
      socket.off('notification', onNotification);
      socket.off('notificationCount', onCount);
      socket.off('connect', onConnect);
    };
  }, [enabled, qc]);
}
