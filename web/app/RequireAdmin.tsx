import { Alert } from '@mantine/core';
import { Outlet } from 'react-router';
import { NO_PERMISSION_PAGE } from '../../common/resources.ts';
import { isAdmin, useSession } from '../lib/session.tsx';

/** The admin pages' one guard: anyone else hears the spec's no-permission text (the server refuses them too). */
export default function RequireAdmin() {
  const { user } = useSession();
  if (!isAdmin(user)) return <Alert color="red" role="alert">{NO_PERMISSION_PAGE}</Alert>;
  return <Outlet />;
}
