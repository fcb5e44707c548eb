// /therapists drawn by the server: the descriptor is common/drawn-screens.ts; this is its code (docs/decisions/0140).
import type { DirectoryResponse } from '../../../common/therapists.ts';
import type { DrawnScreenCode } from '../../lib/drawn-screen.ts';
import { directoryQuery } from './api.ts';
import { EMPTY_FILTERS } from './filters.ts';

/** @public Read from the screen's module by the drawn-screen registry (web/app/first-data.ts). */
export const drawn: DrawnScreenCode<'/therapists'> = {
  seed: {
    '/api/users': (client, _me, answer) => void client.setQueryData(directoryQuery(EMPTY_FILTERS).queryKey, answer as DirectoryResponse),
  },
  prime: (client) => client.prefetchQuery(directoryQuery(EMPTY_FILTERS)),
};
