// Every refusal, over HTTP and in socket acks, is `{msg, code}`: `msg` is for people (the spec's texts, which may
// change), `code` is for programs and never changes once published. Clients branch on the code, never on the text.
import { z } from 'zod';
import { ErrorCode } from './error-codes.ts';

export * from './error-codes.ts';

export const ErrorResponse = z.object({ msg: z.string(), code: z.enum(ErrorCode) });
export type ErrorBody = z.infer<typeof ErrorResponse>;
