import { z } from 'zod';

// Every id is a UUID string; checking it here keeps malformed ids away from SQL.
export const IdSchema = z.uuid({ message: 'must be a valid id' });
export const IdParams = z.object({ id: IdSchema });
export const MessageResponse = z.object({ msg: z.string() });
